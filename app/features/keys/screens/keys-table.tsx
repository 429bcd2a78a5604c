import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { ConfirmDialog } from "~/platform/ui/admin-confirm-dialog";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { AdminTable, AdminTableMessage, td, th } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import { Isolated } from "~/platform/ui/isolated";
import { Spinner } from "~/platform/ui/icons";
import type { KeyRowData, KeysScreenData } from "./keys-loader.server";
import { KEYS_URL } from "./keys-url";
import { scopeLabelKey } from "./scope-label";

const dangerButton =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";
const danger = "btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700";
const tone = { active: "bg-accent-100 text-accent-800", expired: "bg-amber-100 text-amber-900", revoked: "bg-red-100 text-red-800" };

/** "Machines using the key X are refused…", the key's name isolated in its own direction. */
function ConfirmBody({ name }: { name: string }) {
  const { t } = useTranslation("keys");
  return (
    <p className="mt-3 text-ink-700">
      <Isolated template={t("revoke.body", { name: "\u0000" })} value={name} ltr={false} className="font-semibold" />
    </p>
  );
}

/** The confirmed revoke's form: the key's id and intent, after the way back (`cancel`: a button in the dialog, a link without JavaScript). */
function ConfirmForm({ id, cancel }: { id: string; cancel: React.ReactNode }) {
  const { t } = useTranslation("keys");
  return (
    <Form method="post" action={KEYS_URL} className="mt-6 flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="id" value={id} />
      {cancel}
      <RevokeSubmit label={t("revoke.confirm")} />
    </Form>
  );
}

/** The final "Revoke key" button, busy while its POST is on its way. */
function RevokeSubmit({ label }: { label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "revoke";
  return (
    <button type="submit" className={danger} disabled={busy}>
      {busy ? <Spinner /> : null}
      {label}
    </button>
  );
}

/** Revoke, after a confirmation: a modal dialog with JavaScript; without it, a link to `?revoke={id}` where the server asks. */
function RevokeControl({ row, page }: { row: KeyRowData; page: number }) {
  const { t } = useTranslation("keys");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const label = t("revoke.label", { name: row.name });
  if (!hydrated) {
    return (
      <Link to={`${KEYS_URL}?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), revoke: row.id })}#confirm-revoke`} aria-label={label} className={dangerButton}>
        {t("revoke.button")}
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} aria-haspopup="dialog" className={dangerButton}>
        {t("revoke.button")}
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={t("revoke.title")} fallbackFocus={() => document.getElementById("keys-list")}>
        <ConfirmBody name={row.name} />
        <ConfirmForm
          id={row.id}
          cancel={
            // The safe choice has the focus when the dialog opens.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)} autoFocus>
              {t("revoke.cancel")}
            </button>
          }
        />
      </ConfirmDialog>
    </>
  );
}

/** The confirmation step without JavaScript, rendered by the server above the table. */
export function NoScriptRevoke({ row }: { row: KeyRowData }) {
  const { t } = useTranslation("keys");
  return (
    <section id="confirm-revoke" aria-labelledby="confirm-revoke-title" className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-5">
      <h2 id="confirm-revoke-title" className="font-display text-lg font-semibold text-red-900">
        {t("revoke.title")}
      </h2>
      <ConfirmBody name={row.name} />
      <ConfirmForm
        id={row.id}
        cancel={
          <Link to={KEYS_URL} className="btn-secondary">
            {t("revoke.cancel")}
          </Link>
        }
      />
    </section>
  );
}

/** The keys: name (and who made it), visible prefix, scopes, expiry, last use, state, and revoke; then the pages. */
export function KeysTable({ keys, page, pagination }: { keys: KeyRowData[]; page: number; pagination: KeysScreenData["pagination"] }) {
  const { t } = useTranslation("keys");
  const language = useLanguage();
  return (
    <div id="keys-list" tabIndex={-1}>
      <AdminTable caption={t("table.caption")} minWidth="60rem">
        <thead>
          <tr>
            <th scope="col" className={th}>{t("table.name")}</th>
            <th scope="col" className={th}>{t("table.prefix")}</th>
            <th scope="col" className={th}>{t("table.scopes")}</th>
            <th scope="col" className={th}>{t("table.expires")}</th>
            <th scope="col" className={th}>{t("table.lastUsed")}</th>
            <th scope="col" className={th}>{t("table.state")}</th>
            <th scope="col" className={th}>{t("table.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {keys.length === 0 ? <AdminTableMessage colSpan={7}>{t("table.empty")}</AdminTableMessage> : null}
          {keys.map((key) => (
            <tr key={key.id} data-testid="key-row" data-prefix={key.prefix}>
              <td className={`${td} font-medium`}>
                <bdi>{key.name}</bdi>
                {key.created_by ? (
                  <span className="mt-0.5 block text-xs font-normal text-ink-500">
                    <Isolated template={t("table.createdBy", { username: "\u0000" })} value={key.created_by} />
                  </span>
                ) : null}
              </td>
              <td className={td}>
                <bdi dir="ltr" className="font-mono text-sm">{`${key.prefix}…`}</bdi>
              </td>
              <td className={td}>
                <ul className="grid gap-0.5">
                  {key.scopes.map((scope) => (
                    <li key={scope} title={t(scopeLabelKey(scope))}>
                      <bdi dir="ltr" className="font-mono text-xs">{scope}</bdi>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={`${td} text-ink-700`}>{key.expires_at ? <AdminTime iso={key.expires_at} language={language} /> : t("table.noExpiry")}</td>
              <td className={`${td} text-ink-700`}>{key.last_used_at ? <AdminTime iso={key.last_used_at} language={language} /> : t("table.never")}</td>
              <td className={td}>
                <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone[key.state]}`} data-testid="key-state">
                  {t(`state.${key.state}`)}
                </span>
              </td>
              <td className={td}>{key.state === "revoked" ? null : <RevokeControl row={key} page={page} />}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <AdminPagination
        page={page}
        totalPages={pagination.total_pages}
        totalLabel={t("table.total", { total: formatNumber(pagination.total_count, language) })}
        language={language}
      />
    </div>
  );
}
