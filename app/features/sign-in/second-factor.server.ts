import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { getDb } from "@db/db.server";
import type { Database } from "@db/schema";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { matchTotp, normalizeTotp, openSecret } from "./totp.server";

/**
 * A member's second factor: a TOTP code from their app (./totp.server.ts) or one of their recovery codes.
 *
 * Ten one-time recovery codes per member with two-factor on, shown once and stored only as keyed
 * hashes (HMAC-SHA256 with a key derived from the server secret). Each code has 50 random bits, so a
 * fast keyed hash is as safe as a slow one here, and it lets one conditional UPDATE find and use a code
 * in the same statement: of two sign-ins racing with the same code, one wins (decision 102).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"; // 31 letters and digits, no look-alikes
const LENGTH = 10;

/** A fresh code, shown as XXXXX-XXXXX. */
function newCode(): string {
  let code = "";
  while (code.length < LENGTH) {
    for (const byte of randomBytes(16)) {
      // Rejection sampling: no modulo bias.
      if (byte < 248 && code.length < LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Upper case, separators dropped: "abcde fghjk" is ABCDE-FGHJK. Null when it cannot be a code. */
export function normalizeRecoveryCode(input: string): string | null {
  const text = input.toUpperCase().replace(/[\s-]/g, "");
  return text.length === LENGTH && [...text].every((c) => ALPHABET.includes(c)) ? text : null;
}

function hashOf(normalized: string): string {
  return createHmac("sha256", getServerSecret("recovery-code")).update(normalized).digest("base64url");
}

type Db = Transaction<Database> | Awaited<ReturnType<typeof getDb>>;

/** Replaces a member's codes with ten new ones; returns them (the only time they exist in clear). */
export async function replaceRecoveryCodes(db: Db, adminId: string, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.deleteFrom("recovery_codes").where("admin_id", "=", adminId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ id: randomUUID(), admin_id: adminId, code_hash: hashOf(normalizeRecoveryCode(code)!), created_at: now.toISOString(), used_at: null })))
    .execute();
  return codes;
}

/** Uses up one of the member's codes: true once per code, false for anything else. */
export async function spendRecoveryCode(adminId: string, input: string, now = new Date()): Promise<boolean> {
  const normalized = normalizeRecoveryCode(input);
  if (!normalized) return false;
  const db = await getDb();
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("code_hash", "=", hashOf(normalized))
    .where("admin_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(adminId: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("admin_id", "=", adminId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type SecondFactor = "totp" | "recovery";

/**
 * Checks a member's second factor: a current TOTP code (never one whose time step was already used)
 * or one of their unused recovery codes (used up by this check). Null when neither matches.
 */
export async function checkSecondFactor(
  admin: { id: string; totp_secret: string | null; totp_last_step: number | null },
  code: string,
  now = Date.now(),
): Promise<SecondFactor | null> {
  if (normalizeTotp(code)) {
    const secret = admin.totp_secret ? openSecret(admin.totp_secret) : null;
    const step = secret ? await matchTotp(secret, code, { afterStep: admin.totp_last_step, now }) : null;
    if (step === null) return null;
    const db = await getDb();
    // Conditional: of two requests with the same code, one moves the step forward; the other fails.
    const moved = await db
      .updateTable("admins")
      .set({ totp_last_step: step })
      .where("id", "=", admin.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1 ? "totp" : null;
  }
  return (await spendRecoveryCode(admin.id, code)) ? "recovery" : null;
}
