import type { TFunction } from "i18next";
import { z } from "~/lib/zod";

/** The login form's fields. Shared by the page (client-side on submit, and the server) and the API. */
export const LOGIN_MIN_LENGTH = 5;
export const USERNAME_MAX_LENGTH = 128;
export const PASSWORD_MAX_LENGTH = 256;

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
