import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { CodeChoices } from "~/platform/ui/code-choices";
import { InputField } from "~/platform/ui/input-field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { eventLabelKey, WEBHOOK_EVENTS, type WebhookEvent } from "../events";
import { createWebhookSchema } from "../schemas";

export type Answer = { intent: string; result: SubmissionResult<string[]> | null } | undefined;

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
  const { key: enabledKey, ...enabledProps } = getInputProps(fields.enabled, { type: "checkbox" });
  return (
    <AdminCard id={`${intent}-webhook`} title={t(existing ? "form.editTitle" : "form.addTitle")}>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value={intent} />
        {existing ? <input type="hidden" name="id" value={existing.id} /> : null}
        <InputField meta={fields.url} label={t("form.url")} hint={t("form.urlHint")} autoComplete="off" placeholder="https://" ltr required />
        <CodeChoices
          meta={fields.events}
          options={WEBHOOK_EVENTS}
          labelOf={(event) => t(eventLabelKey(event))}
          legend={t("form.events")}
          hint={t("form.eventsHint")}
          hintId={`${intent}-events-hint`}
        />
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
