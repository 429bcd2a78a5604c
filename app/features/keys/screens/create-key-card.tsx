import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { CodeChoices } from "~/platform/ui/code-choices";
import { InputField } from "~/platform/ui/input-field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { SCOPES } from "~/platform/access/permissions";
import { createKeySchema } from "../schemas";
import { scopeLabelKey } from "./scope-label";

type Answer = { intent: string; result: SubmissionResult<string[]> | null } | undefined;

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
        <CodeChoices meta={scopes} options={SCOPES} labelOf={(scope) => t(scopeLabelKey(scope))} legend={t("create.scopes")} hint={t("create.scopesHint")} hintId="scopes-hint" />
        <SubmitButton pending={pending} label={t("create.submit")} pendingLabel={t("create.submitting")} className="justify-self-start" />
      </Form>
    </AdminCard>
  );
}
