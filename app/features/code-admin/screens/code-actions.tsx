import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { ConfirmDialog } from "~/platform/ui/admin-confirm-dialog";
import { useConfirmHref } from "~/platform/ui/confirmed-action";
import { BidiText } from "~/platform/ui/bidi-text";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { Spinner } from "~/platform/ui/icons";
import { formatCode } from "~/platform/codes/code-format";
import { CodeText } from "./code-text";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";
import type { CodeRow, CodesScreenData } from "./codes-loader.server";

const dangerButton =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

/** The hidden fields of a row action: what to do, to which code, and (with JavaScript) "answer with data". */
function ActionFields({ intent, id }: { intent: CodeIntent; id: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
    </>
  );
}

type CodeIntent = "expire" | "delete";

/** What each action is called: Expire (on the Active tab) and Delete (on the Expired one). */
const ACTIONS = {
  expire: { confirm: "codes.confirmExpire", label: "codes.actions.expireLabel", button: "codes.actions.expire", pending: "codes.actions.expiring" },
  delete: { confirm: "codes.confirmDelete", label: "codes.actions.deleteLabel", button: "codes.actions.delete", pending: "codes.actions.deleting" },
} as const;

/** "The code ABCD-1234 will …", with the code isolated left to right. */
function ConfirmBody({ code, intent }: { code: string; intent: CodeIntent }) {
  const { t } = useTranslation("admin");
  return (
    <p className="mt-3 text-ink-700">
      <BidiText text={t(`${ACTIONS[intent].confirm}.body`, isolated({ code }))} value={(text) => <CodeText code={text} testId="confirm-code" />} />
    </p>
  );
}

/**
 * Expire or Delete, after a confirmation that names the code: a modal dialog with JavaScript;
 * without it, a link to the same page with `?confirm=` where the server renders the confirmation
 * step (NoScriptConfirm). Expiring stops a code verifying; deleting removes an ended one for good.
 */
export function ConfirmedCodeAction({ row, intent }: { row: CodeRow; intent: CodeIntent }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const confirmHref = useConfirmHref("confirm");
  const fetcher = useFetcher({ key: `${intent}-${row.id}` });
  const [open, setOpen] = useState(false);
  const pending = fetcher.state !== "idle";
  const action = ACTIONS[intent];
  const label = t(action.label, { code: formatCode(row.code) });

  if (!hydrated) {
    return (
      <Link to={confirmHref(row.id, `#confirm-${intent}`)} aria-label={label} className={dangerButton}>
        {t(action.button)}
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} aria-haspopup="dialog" className={dangerButton}>
        {pending ? <Spinner /> : null}
        {pending ? t(action.pending) : t(action.button)}
      </button>
      <ConfirmDialog open={open || pending} onClose={() => setOpen(false)} title={t(`${action.confirm}.title`)} fallbackFocus={() => document.getElementById("codes-list")}>
        <ConfirmBody code={row.code} intent={intent} />
        <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <ActionFields intent={intent} id={row.id} />
          {/* The safe choice has the focus when the dialog opens. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={pending} autoFocus>
            {t(`${action.confirm}.cancel`)}
          </button>
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700" disabled={pending}>
            {pending ? <Spinner /> : null}
            {pending ? t(action.pending) : t(`${action.confirm}.confirm`)}
          </button>
        </fetcher.Form>
      </ConfirmDialog>
    </>
  );
}

/** The confirmation step without JavaScript, rendered by the server above the table. */
export function NoScriptConfirm({ row, intent }: { row: NonNullable<CodesScreenData["confirm"]>; intent: CodeIntent }) {
  const { t } = useTranslation("admin");
  const action = ACTIONS[intent];
  // Back to the same tab, page and filters, without the pending confirmation.
  const back = useConfirmHref("confirm")(null);
  return (
    <section id={`confirm-${intent}`} aria-labelledby={`confirm-${intent}-title`} className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-5">
      <h2 id={`confirm-${intent}-title`} className="font-display text-lg font-semibold text-red-900">
        {t(`${action.confirm}.title`)}
      </h2>
      <ConfirmBody code={row.code} intent={intent} />
      <Form method="post" action={back} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700">
          {t(`${action.confirm}.confirm`)}
        </button>
        <Link to={back} className="btn-secondary">
          {t(`${action.confirm}.cancel`)}
        </Link>
      </Form>
    </section>
  );
}
