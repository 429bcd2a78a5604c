import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Spinner } from "~/platform/ui/icons";
import { batchHref } from "./batches-url";

/**
 * The confirmed step of a run's action (revoke, lift a recall): the choices sent again with
 * confirm=yes, and Cancel (a button closing the dialog with JavaScript, a link back to the run without).
 */
export function ConfirmActions({
  runId,
  fields,
  pending,
  onCancel,
  submitClass,
  children,
}: {
  runId: string;
  fields: Record<string, string>;
  pending: boolean;
  onCancel?: (() => void) | undefined;
  submitClass: string;
  /** The confirm button's words. */
  children: ReactNode;
}) {
  const { t } = useTranslation("batches");
  return (
    <Form method="post" action={batchHref(runId)} className="mt-6 flex flex-wrap justify-end gap-3">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirm" value="yes" />
      {onCancel ? (
        // The safe choice has the focus when the dialog opens.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending} autoFocus>
          {t("revoke.cancel")}
        </button>
      ) : (
        <Link to={batchHref(runId)} className="btn-secondary">
          {t("revoke.cancel")}
        </Link>
      )}
      <button type="submit" className={submitClass} disabled={pending}>
        {pending ? <Spinner /> : null}
        {children}
      </button>
    </Form>
  );
}
