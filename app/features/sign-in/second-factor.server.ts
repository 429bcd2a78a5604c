import { getDb } from "@db/db.server";
import { spendRecoveryCode } from "./recovery-codes.server";
import { matchTotp, normalizeTotp, openSecret } from "./totp.server";

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
