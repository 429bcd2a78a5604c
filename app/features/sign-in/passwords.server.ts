import { randomBytes } from "node:crypto";
import argon2 from "argon2";
import { PASSWORD_MAX_LENGTH } from "~/platform/lib/password-bounds";

/**
 * Password hashing: argon2id at OWASP's floor or above (19 MiB memory, 2 passes, 1 lane).
 * The parameters travel inside each hash, so raising them later still verifies old hashes.
 */
export const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;


export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** What an account without a password (an invitation not yet accepted) stores: never matches anything. */
export const NO_PASSWORD = "!";

let checks = 0;

/** How many argon2 verifications this process has run: the sign-in limits are measured against it. */
export function passwordChecks(): number {
  return checks;
}

/**
 * True when `password` matches `hash`; false (never a throw) for a malformed hash. An account with no
 * password costs the same work as one with a wrong password.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  if (!hash.startsWith("$argon2")) return verifyAgainstDummy(password);
  checks++;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the username does not exist, so a failed login takes
 * about the same time whichever part was wrong. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  await verifyPassword(await dummyHash, password.slice(0, PASSWORD_MAX_LENGTH));
  return false;
}

/** A random password (a bootstrap admin, a temporary password): 24 URL-safe characters (144 bits). */
export function randomPassword(): string {
  return randomBytes(18).toString("base64url");
}
