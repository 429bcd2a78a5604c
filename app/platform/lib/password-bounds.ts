/**
 * How long a password may be, in one place for every reader: the forms' and the API's schemas
 * (app/features/sign-in/schemas.ts), the password policy, the sign-in's hashing, and the first start's
 * ADMIN_PASSWORD (app/platform/lib/env.server.ts).
 */

/** Every password: at most this long (argon2 takes any length; the cap keeps one request as cheap as another). */
export const PASSWORD_MAX_LENGTH = 256;
/** A password a member sets (their own, an invitation's, a temporary one, the command line's, ADMIN_PASSWORD): at least this long. */
export const PASSWORD_MIN_LENGTH = 12;
