import type { TFunction } from "i18next";
import { PASSWORD_MAX_LENGTH } from "~/platform/lib/password-bounds";
import { z } from "~/platform/lib/zod";

/** The inputs of auth: signing in (the login page and the API), then the signed-in account and invitations. */

// ---- Signing in.

/** The login form's fields. Shared by the page (client-side on submit, and the server) and the API. */
export const LOGIN_MIN_LENGTH = 5;
export const USERNAME_MAX_LENGTH = 128;

/** The schema with its messages in a language: `t` of the "auth" namespace (page, server or API). */
export function loginSchema(t: TFunction<"auth">) {
  const messages = { usernameMin: t("validation.usernameMin"), passwordMin: t("validation.passwordMin"), tooLong: t("validation.tooLong") };
  return z.object({
    username: z
      .string({ error: messages.usernameMin })
      .trim()
      .min(LOGIN_MIN_LENGTH, messages.usernameMin)
      .max(USERNAME_MAX_LENGTH, messages.tooLong),
    // Never trimmed: spaces are part of a password.
    password: z
      .string({ error: messages.passwordMin })
      .min(LOGIN_MIN_LENGTH, messages.passwordMin)
      .max(PASSWORD_MAX_LENGTH, messages.tooLong),
  });
}

/** `{refresh_token}` of the logout and refresh calls. */
export const refreshTokenSchema = z.object({ refresh_token: z.string().min(1).max(4096) });

/** The second step of a sign-in: `{mfa_token, code}` (a TOTP code or a recovery code). */
export function mfaSchema(t: TFunction<"auth">) {
  const required = t("mfa.codeRequired");
  return z.object({
    mfa_token: z.string({ error: t("errors.invalidMfaToken") }).min(1, t("errors.invalidMfaToken")).max(128, t("errors.invalidMfaToken")),
    code: z.string({ error: required }).trim().min(1, required).max(32, t("errors.invalidCode")),
  });
}

/** The longest address SMTP carries (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * A member's e-mail address, in one spelling: trimmed and in lower case, so one address is one
 * account's (decision 161). One message for every way it is wrong.
 */
export function emailSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, message)
    .refine((value) => z.email().safeParse(value).success, message);
}

// ---- The account's inputs, shared by the account page and the API (messages in the caller's
// language, `t` of "auth"). How strong a new password must be is the domain's rule (password-policy.server.ts).
const required = (t: TFunction<"auth">) => t("errors.required");

/** "Forgot your password?": a username or an e-mail address, one field. */
export function forgotPasswordSchema(t: TFunction<"auth">) {
  const required = t("forgot.required");
  return z.object({ identifier: z.string({ error: required }).trim().min(1, required).max(EMAIL_MAX_LENGTH, t("validation.tooLong")) });
}

/** Mails about new alerts and counterfeit reports (decision 164): none, one per event, or a daily digest. */
export const NOTICE_MODES = ["off", "immediate", "daily"] as const;

/** The account page's notices form. */
export function noticesSchema(t: TFunction<"auth">) {
  return z.object({ notify: z.enum(NOTICE_MODES, { error: t("errors.noticeChoice") }) });
}

/** The account page's own address: empty removes it. */
export function ownEmailSchema(t: TFunction<"auth">) {
  return z.object({ email: emailSchema(t("errors.invalidEmail")).optional() });
}

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
