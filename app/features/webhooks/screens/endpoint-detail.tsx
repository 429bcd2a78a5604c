import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { formatDateTime, formatNumber } from "~/platform/i18n/format";
import { isolated } from "~/platform/lib/bidi";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { AdminTable, AdminTableMessage, td, th } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import { useTimeZone } from "~/platform/ui/local-time";
import { Isolated } from "~/platform/ui/isolated";
import { SubmitButton } from "~/platform/ui/submit-button";
import { DeliveryBadge } from "./delivery-badge";
import { EndpointForm, type Answer } from "./endpoint-form";
import type { EndpointData } from "./webhooks-loader.server";
import { endpointUrl, WEBHOOKS_URL } from "./webhooks-url";

/** A one-button form of the endpoint (enable/disable, test, rotate, redeliver). */
function ActionForm({ id, intent, label, fields = {}, primary = false, ariaLabel }: { id: string; intent: string; label: string; fields?: Record<string, string>; primary?: boolean; ariaLabel?: string }) {
  const pending = useIntentPending(intent);
  return (
    <Form method="post" action={endpointUrl(id)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {primary ? (
        <SubmitButton pending={pending} label={label} pendingLabel={label} />
      ) : (
        <button type="submit" className="btn-secondary" disabled={pending} aria-label={ariaLabel}>
          {label}
        </button>
      )}
    </Form>
  );
}

/** The rotation's confirmation, a step of the page (with or without JavaScript). */
function ConfirmRotate({ id }: { id: string }) {
  const { t } = useTranslation("webhooks");
  return (
    <section id="confirm-rotate" aria-labelledby="confirm-rotate-title" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="confirm-rotate-title" className="font-display text-lg font-semibold text-ink-900">
        {t("detail.rotateTitle")}
      </h2>
      <p className="mt-3 text-ink-700">{t("detail.rotateBody")}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={endpointUrl(id)} className="btn-secondary">
          {t("detail.cancel")}
        </Link>
        <ActionForm id={id} intent="rotate" label={t("detail.rotateConfirm")} primary />
      </div>
    </section>
  );
}

/** The endpoint's delivery log: event, attempts, status, duration, next retry, and "Redeliver". */
function DeliveryLog({ data }: { data: EndpointData }) {
  const { t } = useTranslation("webhooks");
  const language = useLanguage();
  const timeZone = useTimeZone();
  return (
    <AdminCard id="delivery-log" title={t("log.title")} className="mt-8">
      <div className="mt-4">
        <AdminTable caption={t("log.caption")} minWidth="56rem">
          <thead>
            <tr>
              <th scope="col" className={th}>{t("log.event")}</th>
              <th scope="col" className={th}>{t("log.sent")}</th>
              <th scope="col" className={th}>{t("log.attempt")}</th>
              <th scope="col" className={th}>{t("log.status")}</th>
              <th scope="col" className={th}>{t("log.duration")}</th>
              <th scope="col" className={th}>{t("log.nextRetry")}</th>
              <th scope="col" className={th}>{t("log.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.deliveries.length === 0 ? <AdminTableMessage colSpan={7}>{t("log.empty")}</AdminTableMessage> : null}
            {data.deliveries.map((delivery) => (
              <tr key={delivery.id} data-testid="delivery-row" data-event={delivery.event}>
                <td className={td}>
                  <bdi dir="ltr" className="font-mono text-xs">{delivery.event}</bdi>
                </td>
                <td className={`${td} text-ink-700`}>
                  <AdminTime iso={delivery.created_at} language={language} />
                </td>
                <td className={td}>{formatNumber(delivery.attempts, language)}</td>
                <td className={td}>
                  <DeliveryBadge delivery={delivery} />
                  {delivery.last_error && delivery.last_status === null ? <bdi dir="ltr" className="mt-1 block font-mono text-xs text-ink-700">{delivery.last_error}</bdi> : null}
                </td>
                <td className={`${td} text-ink-700`}>{delivery.duration_ms === null ? "—" : t("log.ms", { ms: formatNumber(delivery.duration_ms, language) })}</td>
                <td className={`${td} text-ink-700`}>{delivery.status === "pending" && delivery.attempts > 0 ? <AdminTime iso={delivery.next_attempt_at} language={language} /> : "—"}</td>
                <td className={td}>
                  <ActionForm
                    id={data.endpoint.id}
                    intent="redeliver"
                    label={t("log.redeliver")}
                    fields={{ delivery: delivery.id }}
                    ariaLabel={t("log.redeliverLabel", isolated({ event: delivery.event, date: formatDateTime(delivery.created_at, language, { month: "short", timeZone }) }, ["date"]))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <AdminPagination page={data.page} totalPages={data.pagination.total_pages} totalLabel={t("log.total", { total: formatNumber(data.pagination.total_count, language) })} language={language} />
      </div>
    </AdminCard>
  );
}

/** One endpoint: its URL and facts, enable/disable, test, rotate (confirmed), its form and its delivery log. */
export function EndpointDetail({ data, answer }: { data: EndpointData; answer: Answer }) {
  const { t } = useTranslation("webhooks");
  const language = useLanguage();
  const { endpoint } = data;
  return (
    <>
      <p className="mt-6">
        <Link to={WEBHOOKS_URL} className="text-sm font-semibold text-accent-800 underline">
          {t("detail.back")}
        </Link>
      </p>
      <section aria-labelledby="endpoint-title" className="mt-4 rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="endpoint-title" className="font-mono text-lg font-semibold break-all text-ink-900" dir="ltr">
          {endpoint.url}
        </h2>
        <p className="mt-2 text-sm text-ink-700">
          <Isolated
            template={t("detail.created", { date: "\u0000", username: endpoint.created_by ?? "—" })}
            value={<AdminTime iso={endpoint.created_at} language={language} />}
            ltr={false}
          />
        </p>
        {endpoint.rotation_ends_at ? (
          <p className="mt-2 text-sm text-amber-900">
            <Isolated template={t("detail.rotating", { date: "\u0000" })} value={<AdminTime iso={endpoint.rotation_ends_at} language={language} />} ltr={false} />
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-3">
          <ActionForm id={endpoint.id} intent="test" label={t("detail.test")} primary />
          <ActionForm id={endpoint.id} intent="toggle" label={t(endpoint.enabled ? "detail.disable" : "detail.enable")} fields={{ enabled: String(!endpoint.enabled) }} />
          <Link to={`${endpointUrl(endpoint.id, { rotate: "1" })}#confirm-rotate`} className="btn-secondary inline-flex">
            {t("detail.rotate")}
          </Link>
        </div>
        {data.confirmRotate ? <ConfirmRotate id={endpoint.id} /> : null}
      </section>
      <DeliveryLog data={data} />
      <div className="mt-8">
        <EndpointForm answer={answer} existing={endpoint} />
      </div>
    </>
  );
}
