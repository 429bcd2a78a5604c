import type { TFunction } from "i18next";
import { z } from "~/platform/lib/zod";
import { ROLES } from "~/platform/access/permissions";
import { emailSchema } from "~/features/sign-in/schemas";

/**
 * The team's inputs, shared by the team screen's forms and the API (messages in the caller's
 * language, `t` of "team"). Whether a username is free and a password strong enough are the domain's
 * rules (members.server.ts), answered through the team's error catalogue.
 */
export const USERNAME_RULE = /^[a-z0-9._@-]{5,64}$/;

function username(t: TFunction<"team">) {
  const message = t("errors.invalidUsername");
  return z.string({ error: message }).trim().toLowerCase().max(200, message).refine((value) => USERNAME_RULE.test(value), message);
}

const email = (t: TFunction<"team">) => emailSchema(t("errors.invalidEmail"));

const role = (t: TFunction<"team">) => z.enum(ROLES, { error: t("errors.unknownRole") });

/** The screen's "Add a member": username, e-mail (optional), role, and how they get in (a temporary password or a link). */
export function addMemberSchema(t: TFunction<"team">) {
  return z.object({
    username: username(t),
    email: email(t).optional(),
    role: role(t),
    delivery: z.enum(["password", "link"], { error: t("errors.deliveryRequired") }),
  });
}

/** `POST /api/v1/admins/create/ {username, email?, role, password?}`: without a password, an invitation link. */
export function createAdminSchema(t: TFunction<"team">) {
  return z.object({
    username: username(t),
    email: email(t).nullable().optional(),
    role: role(t),
    password: z.string({ error: t("errors.passwordTooShort") }).max(1024, t("errors.passwordTooLong")).optional(),
  });
}

/** The screen's e-mail form of one member: empty removes the address. */
export function memberEmailSchema(t: TFunction<"team">) {
  return z.object({ email: email(t).optional() });
}

/** `PATCH /api/v1/admins/{id}/ {role?, disabled?, mfa_locked?, email?}` (`email: null` removes it). */
export function updateAdminSchema(t: TFunction<"team">) {
  return z
    .object({
      role: role(t).optional(),
      disabled: z.boolean({ error: t("errors.invalidDisabled") }).optional(),
      // Only lifted here: a lock is set by wrong second-step codes (decision 150).
      mfa_locked: z.literal(false, { error: t("errors.invalidMfaLocked") }).optional(),
      email: email(t).nullable().optional(),
    })
    .refine((v) => v.role !== undefined || v.disabled !== undefined || v.mfa_locked !== undefined || v.email !== undefined, { message: t("errors.nothingToChange"), path: ["body"] });
}
