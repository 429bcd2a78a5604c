import { useTranslation } from "react-i18next";
import { Spinner } from "~/platform/ui/icons";

/** The three dashboard cards; `values` null shows each card's spinner. */
export function DashboardCards({
  values,
}: {
  values: { contacts: string; active: string; expired: string } | null;
}) {
  const { t } = useTranslation("admin");
  const cards = [
    { label: t("dashboard.totalContacts"), value: values?.contacts, testId: "card-contacts", tone: "bg-sand-100 text-ink-900" },
    { label: t("dashboard.activeCodes"), value: values?.active, testId: "card-active", tone: "bg-accent-50 text-accent-800" },
    { label: t("dashboard.expiredCodes"), value: values?.expired, testId: "card-expired", tone: "bg-sand-100 text-ink-900" },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-busy={values ? undefined : true}>
      {cards.map((card) => (
        <li key={card.testId} className="rounded-2xl border border-ink-900/10 bg-white p-6 shadow-sm" data-testid={card.testId}>
          <p className="text-sm font-medium text-ink-700">{card.label}</p>
          <p className={`mt-4 inline-flex min-h-14 min-w-14 items-center justify-center rounded-xl px-3 text-4xl font-semibold tabular-nums ${card.tone}`}>
            {card.value ?? (
              <span role="status" className="inline-flex">
                <Spinner className="size-7" />
                <span className="sr-only">{t("loading")}</span>
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Shown in place of an admin page while the next one loads (client navigation only). */
export function AdminPending({ pathname }: { pathname: string }) {
  const { t } = useTranslation(["admin", "batches", "team", "account", "audit", "keys"]);
  const titles: Record<string, string> = {
    "/admin/dashboard": t("dashboard.title"),
    "/admin/dashboard/codes": t("codes.title"),
    "/admin/dashboard/contacts": t("contacts.title"),
    "/admin/dashboard/batches": t("batches:title"),
    "/admin/dashboard/team": t("team:title"),
    "/admin/dashboard/account": t("account:title"),
    "/admin/dashboard/audit": t("audit:title"),
    "/admin/dashboard/keys": t("keys:title"),
  };
  const title = titles[pathname] ?? null;
  return (
    <div aria-busy="true">
      {title ? <h1 className="font-display text-3xl font-semibold text-ink-900">{title}</h1> : null}
      <div className="mt-8">
        {pathname === "/admin/dashboard" ? (
          <DashboardCards values={null} />
        ) : (
          <div role="status" className="flex items-center justify-center gap-3 rounded-2xl border border-ink-900/10 bg-white p-16 text-ink-700">
            <Spinner className="size-6" />
            {t("loading")}
          </div>
        )}
      </div>
    </div>
  );
}
