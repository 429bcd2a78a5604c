import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useCan } from "~/platform/access/use-can";
import { formatDateTime } from "~/platform/i18n/format";
import { useTimeZone } from "~/platform/ui/local-time";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";
import { useLanguage } from "~/platform/ui/root-data";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { Spinner } from "~/platform/ui/icons";
import type { AlertRow } from "./alerts-loader.server";

/**
 * Acknowledge and Close, as they apply to the alert's status: POST forms (without JavaScript the
 * action redirects back with a toast), fetchers with JavaScript. The visible word starts each
 * button's accessible name; the rest says which alert.
 */
export function AlertActions({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const timeZone = useTimeZone();
  // A viewer reads alerts and moves none.
  const may = useCan("alerts:write");
  const context = t("alerts.actionContext", { date: formatDateTime(alert.created_at, language, { month: "short", timeZone }) });
  const moves = !may ? [] : alert.status === "open" ? (["acknowledged", "closed"] as const) : alert.status === "acknowledged" ? (["closed"] as const) : [];
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
