import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { ErrorList } from "~/platform/ui/field";
import { InputField } from "~/platform/ui/input-field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { ROLES } from "~/platform/access/permissions";
import { addMemberSchema } from "../schemas";
import { MailOffNote } from "~/platform/ui/mail-off-note";

type Answer = { intent: string; result: SubmissionResult<string[]> | null } | undefined;

const radio = "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-ink-900/15 bg-white p-3 text-sm has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50";

/** "Add a member": username, e-mail (optional), role, and how they get in (a temporary password or an invitation link). */
export function AddMemberCard({ answer, mailConfigured }: { answer: Answer; mailConfigured: boolean }) {
  const { t } = useTranslation("team");
  const { t: tAdmin } = useTranslation("admin");
  const navigation = useNavigation();
  const pending = useIntentPending("add");
  const schema = useMemo(() => addMemberSchema(t), [t]);
  const [form, fields] = useForm({
    id: "add-member-form",
    lastResult: navigation.state === "idle" && answer?.intent === "add" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { role: "editor", delivery: "link" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const group = (name: "role" | "delivery", legend: string, options: { value: string; label: string; hint?: string }[]) => {
    const meta = fields[name];
    return (
      <fieldset aria-describedby={meta.errors ? meta.errorId : undefined} className="min-w-0">
        <legend className="mb-1.5 text-sm font-semibold text-ink-900">{legend}</legend>
        <div className="grid gap-2">
          {options.map((option) => {
            const { key, ...props } = getInputProps(meta, { type: "radio", value: option.value });
            return (
              // Conform's key and id are the field's (one for every radio of the group): each option adds its value.
              <label key={`${key ?? name}-${option.value}`} className={radio}>
                <input {...props} id={`${meta.id}-${option.value}`} className="mt-0.5 size-4 accent-accent-700" />
                <span>
                  <span className="font-semibold text-ink-900">{option.label}</span>
                  {option.hint ? <span className="block text-ink-700">{option.hint}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </fieldset>
    );
  };
  return (
    <AdminCard id="add-member" title={t("add.title")}>
      {mailConfigured ? null : (
        <MailOffNote>{t("add.mailOff")}</MailOffNote>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5 lg:grid-cols-2">
        <input type="hidden" name="intent" value="add" />
        <div className="grid content-start gap-5">
          <InputField meta={fields.username} label={t("add.username")} hint={t("add.usernameHint")} ltr autoComplete="off" autoCapitalize="none" spellCheck={false} required />
          <InputField meta={fields.email} label={t("add.email")} hint={t("add.emailHint")} ltr inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} />
          {group("role", t("add.role"), ROLES.map((role) => ({ value: role, label: tAdmin(`roles.${role}`), hint: t(`roles.${role}`) })))}
        </div>
        <div className="grid content-start gap-5">
          {group("delivery", t("add.delivery"), [
            { value: "link", label: t("add.link") },
            { value: "password", label: t("add.password") },
          ])}
          <SubmitButton pending={pending} label={t("add.submit")} pendingLabel={t("add.submitting")} className="justify-self-start" />
        </div>
      </Form>
    </AdminCard>
  );
}
