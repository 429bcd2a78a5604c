import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { ErrorList } from "~/platform/ui/field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { NOTICE_MODES, noticesSchema } from "~/features/sign-in/schemas";
import type { AccountActionData } from "./account-action.server";
import { MailOffNote } from "~/platform/ui/mail-off-note";

type Props = { answer: AccountActionData | undefined; notify: string; hasEmail: boolean; mailConfigured: boolean };

/** "E-mail me about new alerts and counterfeit reports" (decision 164): off, immediately, or a daily digest. */
export function NoticesCard({ answer, notify, hasEmail, mailConfigured }: Props) {
  const { t } = useTranslation("account");
  const { t: ta } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = useIntentPending("notices");
  const schema = useMemo(() => noticesSchema(ta), [ta]);
  const [form, fields] = useForm({
    id: "notices-form",
    lastResult: navigation.state === "idle" && answer?.intent === "notices" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: { notify },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const invalid = Boolean(fields.notify.errors);
  return (
    <AdminCard id="notices" title={t("notices.title")}>
      <p className="mt-2 text-sm text-ink-700">{t("notices.hint")}</p>
      {!hasEmail ? (
        <p className="mt-2 text-sm font-medium text-amber-900" data-testid="notices-no-email">
          <a href="#email" className="underline">
            {t("notices.noEmail")}
          </a>
        </p>
      ) : null}
      {!mailConfigured ? (
        <MailOffNote>{t("notices.mailOff")}</MailOffNote>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-md gap-4">
        <input type="hidden" name="intent" value="notices" />
        <fieldset key={notify} aria-describedby={invalid ? fields.notify.errorId : undefined} aria-invalid={invalid || undefined}>
          <legend className="text-sm font-semibold text-ink-900">{t("notices.legend")}</legend>
          <div className="mt-2 grid gap-2">
            {NOTICE_MODES.map((mode) => (
              <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-ink-900/15 px-3 text-sm bg-white has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50">
                <input type="radio" name={fields.notify.name} value={mode} defaultChecked={notify === mode} className="size-4 accent-accent-700" />
                {t(`notices.modes.${mode}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.notify.errorId} errors={fields.notify.errors} />
        </fieldset>
        <SubmitButton pending={pending} label={t("notices.submit")} pendingLabel={t("notices.submitting")} className="justify-self-start" />
      </Form>
    </AdminCard>
  );
}
