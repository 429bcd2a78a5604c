import type { TFunction } from "i18next";
import { z } from "~/lib/zod";

/**
 * The account's inputs, shared by the account page and the API (messages in the caller's language,
 * `t` of "auth"). How strong a new password must be is the domain's rule (password-policy.server.ts).
 */
const required = (t: TFunction<"auth">) => t("errors.required");

/** `{current_password, new_password}` (the API) — the page adds the repeated new password. */
export function passwordChangeSchema(t: TFunction<"auth">) {
  return z.object({
    current_password: z.string({ error: required(t) }).min(1, required(t)).max(1024, t("errors.passwordTooLong")),
    new_password: z.string({ error: t("errors.passwordTooShort") }).min(1, t("errors.passwordTooShort")).max(1024, t("errors.passwordTooLong")),
  });
}

/** The page's form: the API's two fields and the new password once more. */
export function passwordFormSchema(t: TFunction<"auth">, mismatch: string) {
  return passwordChangeSchema(t)
    .extend({ confirm_password: z.string({ error: mismatch }).max(1024) })
    .refine((v) => v.new_password === v.confirm_password, { message: mismatch, path: ["confirm_password"] });
}

/** A second-factor code (from the app, or a recovery code). */
export function codeSchema(t: TFunction<"auth">, message: string) {
  return z.object({ code: z.string({ error: message }).trim().min(1, message).max(32, t("errors.wrongCode")) });
}

/** A new password chosen from an invitation link: the password and the same again. */
export function invitationSchema(t: TFunction<"auth">) {
  const mismatch = t("invitation.mismatch");
  return z
    .object({
      password: z.string({ error: t("errors.passwordTooShort") }).min(1, t("errors.passwordTooShort")).max(1024, t("errors.passwordTooLong")),
      confirm_password: z.string({ error: mismatch }).max(1024),
    })
    .refine((v) => v.password === v.confirm_password, { message: mismatch, path: ["confirm_password"] });
}
