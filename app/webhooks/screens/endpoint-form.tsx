import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/ui/admin-card";
import { useIntentPending } from "~/ui/admin-hooks";
import { ErrorList } from "~/ui/field";
import { InputField } from "~/ui/input-field";
import { SubmitButton } from "~/ui/submit-button";
import { eventLabelKey, WEBHOOK_EVENTS, type WebhookEvent } from "../events";
import { createWebhookSchema } from "../schemas";

export type Answer = { intent: string; result: SubmissionResult<string[]> | null } | undefined;

const box = "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-ink-900/15 bg-white p-3 text-sm has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50";

type Existing = { id: string; url: string; events: WebhookEvent[]; enabled: boolean };

/** "Add an endpoint" (no `existing`) or "Edit the endpoint": its URL, events (checkboxes) and whether it is enabled. */
export function EndpointForm({ answer, existing }: { answer: Answer; existing?: Existing }) {
  const { t } = useTranslation("webhooks");
  const intent = existing ? "update" : "create";
  const navigation = useNavigation();
  const pending = useIntentPending(intent);
  const schema = useMemo(() => createWebhookSchema(t), [t]);
  const [form, fields] = useForm({
    id: `${intent}-webhook-form`,
    lastResult: navigation.state === "idle" && answer?.intent === intent ? answer.result : undefined,
    defaultValue: existing ? { url: existing.url, events: existing.events, enabled: existing.enabled ? "on" : undefined } : { enabled: "on" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const events = fields.events;
  const { key: enabledKey, ...enabledProps } = getInputProps(fields.enabled, { type: "checkbox" });
  return (
    <AdminCard id={`${intent}-webhook`} title={t(existing ? "form.editTitle" : "form.addTitle")}>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value={intent} />
        {existing ? <input type="hidden" name="id" value={existing.id} /> : null}
        <InputField meta={fields.url} label={t("form.url")} hint={t("form.urlHint")} autoComplete="off" placeholder="https://" ltr required />
        <fieldset aria-describedby={events.errors ? `${events.errorId} ${intent}-events-hint` : `${intent}-events-hint`} className="min-w-0">
          <legend className="mb-1 text-sm font-semibold text-ink-900">{t("form.events")}</legend>
          <p id={`${intent}-events-hint`} className="mb-2 text-sm text-ink-700">
            {t("form.eventsHint")}
          </p>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {getCollectionProps(events, { type: "checkbox", options: [...WEBHOOK_EVENTS] }).map(({ key, ...props }) => (
              <label key={key} className={box}>
                <input {...props} className="mt-0.5 size-4 accent-accent-700" />
                <span>
                  <span className="block text-ink-900">{t(eventLabelKey(props.value as WebhookEvent))}</span>
                  <bdi dir="ltr" className="font-mono text-xs text-ink-700">
                    {props.value}
                  </bdi>
                </span>
              </label>
            ))}
          </div>
          <ErrorList id={events.errorId} errors={events.errors} />
        </fieldset>
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink-900">
          <input key={enabledKey} {...enabledProps} className="size-4 accent-accent-700" />
          {t("form.enabled")}
        </label>
        <SubmitButton
          pending={pending}
          label={t(existing ? "form.save" : "form.add")}
          pendingLabel={t(existing ? "form.saving" : "form.adding")}
          className="justify-self-start"
        />
      </Form>
    </AdminCard>
  );
}
