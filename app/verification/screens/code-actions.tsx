import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher } from "react-router";
import { isolated } from "~/lib/bidi";
import { ConfirmDialog } from "~/ui/admin-confirm-dialog";
import { BidiText } from "~/ui/bidi-text";
import { useHydrated } from "~/ui/admin-hooks";
import { Spinner } from "~/ui/icons";
import { formatCode } from "../code-format";
import { CodeText } from "./code-text";
import { codesHref } from "./codes-url";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/lib/fetcher";
import type { CodeRow, CodesScreenData } from "./codes-loader.server";

const dangerButton =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/** The hidden fields of a row action: what to do, to which code, and (with JavaScript) "answer with data". */
function ActionFields({ intent, id }: { intent: "expire" | "delete"; id: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
    </>
  );
}

/** Expire: one POST, no confirmation (an expired code can still be deleted, nothing is lost). */
export function ExpireButton({ row }: { row: CodeRow }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher({ key: `expire-${row.id}` });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <ActionFields intent="expire" id={row.id} />
      <button type="submit" disabled={pending} aria-label={t("codes.actions.expireLabel", { code: formatCode(row.code) })} className={dangerButton}>
        {pending ? <Spinner /> : null}
        {pending ? t("codes.actions.expiring") : t("codes.actions.expire")}
      </button>
    </fetcher.Form>
  );
}

/** "The code ABCD-1234 will be removed for good…", with the code isolated left to right. */
function ConfirmBody({ code }: { code: string }) {
  const { t } = useTranslation("admin");
  return (
    <p className="mt-3 text-ink-700">
      <BidiText text={t("codes.confirmDelete.body", isolated({ code }))} value={(text) => <CodeText code={text} />} />
    </p>
  );
}

/**
 * Delete, after a confirmation: a modal dialog with JavaScript; without it, a link to the same page
 * with `?confirm=` where the server renders the confirmation step (NoScriptConfirm).
 */
export function DeleteControl({ row, page }: { row: CodeRow; page: number }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: `delete-${row.id}` });
  const [open, setOpen] = useState(false);
  const pending = fetcher.state !== "idle";
  const label = t("codes.actions.deleteLabel", { code: formatCode(row.code) });

  if (!hydrated) {
    return (
      <Link to={`${codesHref("expired", page, { confirm: row.id })}#confirm-delete`} aria-label={label} className={dangerButton}>
        {t("codes.actions.delete")}
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} aria-haspopup="dialog" className={dangerButton}>
        {t("codes.actions.delete")}
      </button>
      <ConfirmDialog open={open || pending} onClose={() => setOpen(false)} title={t("codes.confirmDelete.title")} fallbackFocus={() => document.getElementById("codes-list")}>
        <ConfirmBody code={row.code} />
        <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <ActionFields intent="delete" id={row.id} />
          {/* The safe choice has the focus when the dialog opens. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={pending} autoFocus>
            {t("codes.confirmDelete.cancel")}
          </button>
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700" disabled={pending}>
            {pending ? <Spinner /> : null}
            {pending ? t("codes.actions.deleting") : t("codes.confirmDelete.confirm")}
          </button>
        </fetcher.Form>
      </ConfirmDialog>
    </>
  );
}

/** The confirmation step without JavaScript, rendered by the server above the table. */
export function NoScriptConfirm({ row, page }: { row: NonNullable<CodesScreenData["confirm"]>; page: number }) {
  const { t } = useTranslation("admin");
  return (
    <section id="confirm-delete" aria-labelledby="confirm-delete-title" className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-5">
      <h2 id="confirm-delete-title" className="font-display text-lg font-semibold text-red-900">
        {t("codes.confirmDelete.title")}
      </h2>
      <ConfirmBody code={row.code} />
      <Form method="post" action={codesHref("expired", page)} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700">
          {t("codes.confirmDelete.confirm")}
        </button>
        <Link to={codesHref("expired", page)} className="btn-secondary">
          {t("codes.confirmDelete.cancel")}
        </Link>
      </Form>
    </section>
  );
}
