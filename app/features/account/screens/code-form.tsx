import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { InputField } from "~/platform/ui/input-field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { codeSchema } from "~/features/sign-in/schemas";
import type { AccountActionData } from "./account-action.server";

/** A form of one code (from the app, or a recovery code) that confirms, turns off or renews two-factor. */
export function CodeForm({
  intent,
  answer,
  label,
  hint,
  submit,
  pendingLabel,
  danger = false,
}: {
  intent: "mfa-confirm" | "mfa-disable" | "codes-renew";
  answer: AccountActionData | undefined;
  label: string;
  hint?: string;
  submit: string;
  pendingLabel: string;
  danger?: boolean;
}) {
  const { t } = useTranslation("account");
  const { t: ta } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = useIntentPending(intent);
  const schema = useMemo(() => codeSchema(ta, t("mfa.codeRequired")), [ta, t]);
  const [form, fields] = useForm({
    id: `${intent}-form`,
    lastResult: navigation.state === "idle" && answer?.intent === intent ? answer.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-sm gap-3">
      <input type="hidden" name="intent" value={intent} />
      <InputField meta={fields.code} label={label} hint={hint} ltr autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} required className="tracking-widest" />
      <SubmitButton
        pending={pending}
        label={submit}
        pendingLabel={pendingLabel}
        className={`justify-self-start ${danger ? "bg-red-700 hover:bg-red-800 focus-visible:outline-red-700" : ""}`}
      />
    </Form>
  );
}
