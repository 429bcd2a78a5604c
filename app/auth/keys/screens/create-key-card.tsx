import { getCollectionProps, getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/ui/admin-card";
import { useIntentPending } from "~/ui/admin-hooks";
import { ErrorList } from "~/ui/field";
import { InputField } from "~/ui/input-field";
import { SubmitButton } from "~/ui/submit-button";
import { SCOPES } from "~/auth/permissions";
import { createKeySchema } from "../schemas";
import { scopeLabelKey } from "./scope-label";

type Answer = { intent: string; result: SubmissionResult<string[]> | null } | undefined;

const box = "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-ink-900/15 bg-white p-3 text-sm has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50";

/** "Create a key": a name, its scopes (checkboxes), an optional last day. */
export function CreateKeyCard({ answer }: { answer: Answer }) {
  const { t } = useTranslation("keys");
  const navigation = useNavigation();
  const pending = useIntentPending("create");
  const schema = useMemo(() => createKeySchema(t), [t]);
  const [form, fields] = useForm({
    id: "create-key-form",
    lastResult: navigation.state === "idle" && answer?.intent === "create" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const scopes = fields.scopes;
  // The API also takes `expires_at: null`; the form sends a day or nothing.
  return (
    <AdminCard id="create-key" title={t("create.title")}>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value="create" />
        <div className="grid gap-5 md:grid-cols-2">
          <InputField meta={fields.name} label={t("create.name")} hint={t("create.nameHint")} autoComplete="off" required />
          <InputField meta={fields.expires_at as FieldMetadata<string | undefined>} type="date" label={t("create.expires")} hint={t("create.expiresHint")} ltr />
        </div>
        <fieldset aria-describedby={scopes.errors ? `${scopes.errorId} scopes-hint` : "scopes-hint"} className="min-w-0">
          <legend className="mb-1 text-sm font-semibold text-ink-900">{t("create.scopes")}</legend>
          <p id="scopes-hint" className="mb-2 text-sm text-ink-700">
            {t("create.scopesHint")}
          </p>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {getCollectionProps(scopes, { type: "checkbox", options: [...SCOPES] }).map(({ key, ...props }) => (
              <label key={key} className={box}>
                <input {...props} className="mt-0.5 size-4 accent-accent-700" />
                <span>
                  <span className="block text-ink-900">{t(scopeLabelKey(props.value as (typeof SCOPES)[number]))}</span>
                  <bdi dir="ltr" className="font-mono text-xs text-ink-700">
                    {props.value}
                  </bdi>
                </span>
              </label>
            ))}
          </div>
          <ErrorList id={scopes.errorId} errors={scopes.errors} />
        </fieldset>
        <SubmitButton pending={pending} label={t("create.submit")} pendingLabel={t("create.submitting")} className="justify-self-start" />
      </Form>
    </AdminCard>
  );
}
