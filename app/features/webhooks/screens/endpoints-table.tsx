import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNumber } from "~/platform/i18n/format";
import { isolated } from "~/platform/lib/bidi";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { AdminTable, AdminTableMessage, td, th } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import type { DeliveryView } from "../endpoints.server";
import type { WebhookEvent } from "../events";
import { DeliveryBadge } from "./delivery-badge";
import type { ListData } from "./webhooks-loader.server";
import { endpointUrl } from "./webhooks-url";

const stateTone = { enabled: "bg-accent-100 text-accent-800", disabled: "bg-sand-100 text-ink-700", environment: "bg-sand-100 text-ink-700" };

function Events({ events }: { events: readonly WebhookEvent[] }) {
  return (
    <ul className="grid gap-0.5">
      {events.map((event) => (
        <li key={event}>
          <bdi dir="ltr" className="font-mono text-xs">
            {event}
          </bdi>
        </li>
      ))}
    </ul>
  );
}

function LastDelivery({ delivery }: { delivery: DeliveryView | null }) {
  const { t } = useTranslation("webhooks");
  const language = useLanguage();
  if (!delivery) return <span className="text-ink-500">{t("table.none")}</span>;
  return (
    <span className="grid justify-items-start gap-1">
      <DeliveryBadge delivery={delivery} />
      <span className="text-xs text-ink-700">
        <AdminTime iso={delivery.created_at} language={language} />
      </span>
    </span>
  );
}

/** The endpoints: URL, events, state, last delivery and "Manage"; the environment's endpoint first, read-only; then the pages. */
export function EndpointsTable({ data }: { data: ListData }) {
  const { t } = useTranslation("webhooks");
  const language = useLanguage();
  const empty = data.endpoints.length === 0 && !data.environment;
  return (
    <div id="webhooks-list">
      <AdminTable caption={t("table.caption")} minWidth="52rem">
        <thead>
          <tr>
            <th scope="col" className={th}>{t("table.url")}</th>
            <th scope="col" className={th}>{t("table.events")}</th>
            <th scope="col" className={th}>{t("table.state")}</th>
            <th scope="col" className={th}>{t("table.lastDelivery")}</th>
            <th scope="col" className={th}>{t("table.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {empty ? <AdminTableMessage colSpan={5}>{t("table.empty")}</AdminTableMessage> : null}
          {data.environment ? (
            <tr data-testid="webhook-environment">
              <td className={td}>
                <bdi dir="ltr" className="font-mono text-sm break-all">{data.environment.url}</bdi>
                <span className="mt-0.5 block text-xs text-ink-500">{t("table.environment")}</span>
              </td>
              <td className={td}>
                <Events events={data.environment.events} />
              </td>
              <td className={td}>
                <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${stateTone.environment}`}>{t("state.environment")}</span>
              </td>
              <td className={td}>
                <LastDelivery delivery={data.environment.last_delivery} />
              </td>
              <td className={td} />
            </tr>
          ) : null}
          {data.endpoints.map((endpoint) => {
            const state = endpoint.enabled ? "enabled" : "disabled";
            return (
              <tr key={endpoint.id} data-testid="webhook-row">
                <td className={td}>
                  <bdi dir="ltr" className="font-mono text-sm break-all">{endpoint.url}</bdi>
                </td>
                <td className={td}>
                  <Events events={endpoint.events} />
                </td>
                <td className={td}>
                  <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${stateTone[state]}`} data-testid="webhook-state">
                    {t(`state.${state}`)}
                  </span>
                </td>
                <td className={td}>
                  <LastDelivery delivery={endpoint.last_delivery} />
                </td>
                <td className={td}>
                  <Link to={endpointUrl(endpoint.id)} className="btn-secondary inline-flex" aria-label={t("table.manageLabel", isolated({ url: endpoint.url }))}>
                    {t("table.manage")}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </AdminTable>
      <AdminPagination page={data.page} totalPages={data.pagination.total_pages} totalLabel={t("table.total", { total: formatNumber(data.pagination.total_count, language) })} language={language} />
    </div>
  );
}
