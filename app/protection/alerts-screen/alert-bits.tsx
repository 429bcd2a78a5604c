import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { AlertKind, AlertStatus } from "@db/schema";
import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { useLanguage } from "~/root-data";
import { useHydrated } from "~/ui/admin-hooks";
import { Spinner } from "~/ui/icons";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/verification/screens/codes-url";
import { countryName } from "../countries";
import { ScanCode } from "../scan-bits";
import type { AlertRow } from "./alerts-loader.server";

const KIND_TONE: Record<AlertKind, string> = {
  clone: "bg-red-100 text-red-900",
  guessing: "bg-orange-100 text-orange-900",
  market: "bg-violet-100 text-violet-900",
};
const STATUS_TONE: Record<AlertStatus, string> = {
  open: "bg-red-700 text-white",
  acknowledged: "bg-amber-100 text-amber-900",
  closed: "bg-sand-200 text-ink-900",
};

const badge = "inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold";

export function KindBadge({ kind }: { kind: AlertKind }) {
  const { t } = useTranslation("protection");
  return <span className={`${badge} ${KIND_TONE[kind]}`}>{t(`alerts.kinds.${kind}`)}</span>;
}

export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  const { t } = useTranslation("protection");
  return (
    <span className={`${badge} ${STATUS_TONE[status]}`} data-testid="alert-status">
      {t(`alerts.statuses.${status}`)}
    </span>
  );
}

/** What the alert is about: the code and its product, or the whole site, or one client. */
export function AlertAbout({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  if (alert.code) {
    return (
      <span className="flex flex-col gap-0.5">
        <ScanCode code={alert.code} />
        {alert.product ? <span className="text-xs text-ink-700">{language === "ar" ? alert.product.name_ar : alert.product.name}</span> : null}
      </span>
    );
  }
  return <span>{alert.detail?.kind === "guessing" && alert.detail.reason === "client" ? t("alerts.oneClient") : t("alerts.siteWide")}</span>;
}

/** Why the alert was raised, one line per reason, in the reader's language. */
export function alertReasons(alert: AlertRow, t: TFunction<"protection">, language: Language): string[] {
  const detail = alert.detail;
  if (!detail) return [];
  const list = (codes: string[]) => codes.map((c) => countryName(c, language)).join(language === "ar" ? "، " : ", ");
  switch (detail.kind) {
    case "clone":
      return detail.reasons.map((reason) =>
        reason === "clients"
          ? t("alerts.reasons.clients", { count: detail.other_clients })
          : reason === "countries"
            ? t("alerts.reasons.countries", { list: list(detail.countries) })
            : t("alerts.reasons.checks_24h", { count: detail.checks_24h }),
      );
    case "guessing":
      return detail.reason === "spike"
        ? [t("alerts.reasons.spike", { threshold: detail.threshold })]
        : [t("alerts.reasons.client", { count: detail.limit_hits_24h, client: detail.client })];
    case "market":
      return [t("alerts.reasons.market", { countries: list(detail.countries), market: countryName(detail.market, language) })];
  }
}

/**
 * Acknowledge and Close, as they apply to the alert's status: POST forms (without JavaScript the
 * action redirects back with a toast), fetchers with JavaScript. The visible word starts each
 * button's accessible name; the rest says which alert.
 */
export function AlertActions({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const context = t("alerts.actionContext", { date: formatDateTime(alert.created_at, language, { month: "short", timeZone: "UTC" }) });
  const moves = alert.status === "open" ? (["acknowledged", "closed"] as const) : alert.status === "acknowledged" ? (["closed"] as const) : [];
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((to) => (
        <MoveButton key={to} id={alert.id} to={to} context={context} />
      ))}
    </div>
  );
}

function MoveButton({ id, to, context }: { id: string; to: "acknowledged" | "closed"; context: string }) {
  const { t } = useTranslation("protection");
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: `alert-${id}-${to}` });
  const pending = fetcher.state !== "idle";
  const label = to === "closed" ? t("alerts.close") : t("alerts.acknowledge");
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={to} />
      {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
      <button
        type="submit"
        disabled={pending}
        data-testid={`alert-${to === "closed" ? "close" : "acknowledge"}`}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink-900/15 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:opacity-60"
      >
        {pending ? <Spinner /> : null}
        {pending ? (to === "closed" ? t("alerts.closing") : t("alerts.acknowledging")) : label}
        <span className="sr-only">, {context}</span>
      </button>
    </fetcher.Form>
  );
}
