import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import type { ReportStatus } from "@db/schema";
import { MAX_NOTE, REPORT_STATUS_VALUES, reportStatusSchema } from "../schemas";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { ErrorList, Field } from "~/platform/ui/field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";

type Answer = { ok: boolean; result?: SubmissionResult<string[]> };

/**
 * "Change the status": the next status and an optional note. A plain POST without JavaScript (the
 * action redirects back with a toast); a fetcher with it, validated in the browser with the API's
 * schema. The form resets after a save.
 */
export function ReportStatusForm({ status }: { status: ReportStatus }) {
  const { t } = useTranslation("protection");
  const hydrated = useHydrated();
  const pageAnswer = useActionData() as Answer | undefined;
  const fetcher = useFetcher<Answer>({ key: "report-status" });
  const pending = fetcher.state !== "idle";
  const schema = useMemo(() => reportStatusSchema(t), [t]);
  const [form, fields] = useForm({
    id: "report-status",
    lastResult: pending ? undefined : (fetcher.data ?? pageAnswer)?.result,
    defaultValue: { status: status === "new" ? "investigating" : status === "investigating" ? "closed" : "investigating" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const choices = REPORT_STATUS_VALUES.filter((s) => s !== "new");

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4" aria-labelledby="report-change-title">
      {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
      <Field label={t("reports.newStatus")} labelFor={fields.status.id} labelClassName="block text-sm font-semibold text-ink-900" errors={fields.status.errors} errorId={fields.status.errorId}>
        <select {...getSelectProps(fields.status)} key={fields.status.key} className="field-input mt-1">
          {choices.map((s) => (
            <option key={s} value={s}>
              {t(`reports.statuses.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t("reports.note")}
        labelFor={fields.note.id}
        labelClassName="block text-sm font-semibold text-ink-900"
        hint={t("reports.noteHint")}
        hintId="report-note-hint"
        errors={fields.note.errors}
        errorId={fields.note.errorId}
      >
        <textarea {...getTextareaProps(fields.note, { ariaDescribedBy: "report-note-hint" })} key={fields.note.key} rows={4} maxLength={MAX_NOTE + 100} className="field-input mt-1" />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton pending={pending} label={t("reports.save")} pendingLabel={t("reports.saving")} className="w-full sm:w-auto" />
    </fetcher.Form>
  );
}
