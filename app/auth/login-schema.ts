import { z } from "zod";

/** The login form's fields. Shared by the page (client-side on submit, and the server) and the API. */
export const LOGIN_MIN_LENGTH = 5;
export const USERNAME_MAX_LENGTH = 128;
export const PASSWORD_MAX_LENGTH = 256;

export type LoginMessages = { usernameMin: string; passwordMin: string; tooLong: string };

export const englishLoginMessages: LoginMessages = {
  usernameMin: `Username must be at least ${LOGIN_MIN_LENGTH} characters`,
  passwordMin: `Password must be at least ${LOGIN_MIN_LENGTH} characters`,
  tooLong: "This is too long",
};

export function loginSchema(messages: LoginMessages) {
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
