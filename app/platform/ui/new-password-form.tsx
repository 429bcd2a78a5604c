import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "~/platform/lib/zod";
import { InputField } from "./input-field";
import { SubmitButton } from "./submit-button";

type Fields = { password: string; confirm_password: string };

/**
 * A new password chosen twice, from a one-time link (an invitation, a password reset): the schema
 * (the caller's, in its language) checks it in the browser and again on the server.
 */
export function NewPasswordForm({
  id,
  username,
  schema,
  result,
  labels,
}: {
  id: string;
  username: string;
  schema: z.ZodType<Fields>;
  result: SubmissionResult<string[]> | undefined;
  labels: { password: string; confirm: string; submit: string; submitting: string };
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Fields>({
    id,
    lastResult: navigation.state === "idle" ? result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-5">
      {/* A password manager saves the new password under the right account. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <InputField meta={fields.password} label={labels.password} type="password" autoComplete="new-password" required />
      <InputField meta={fields.confirm_password} label={labels.confirm} type="password" autoComplete="new-password" required />
      <SubmitButton pending={navigation.state !== "idle"} label={labels.submit} pendingLabel={labels.submitting} className="mt-2 w-full" />
    </Form>
  );
}
