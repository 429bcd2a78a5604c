import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { newTotpSecret, sealSecret } from "~/features/sign-in/totp.server";

/** A member who has chosen their password, with an e-mail address (or none), and two-factor on when asked. */
export async function memberWithEmail(username: string, password: string, email: string | null, options: { mfa?: boolean } = {}) {
  const admin = await createOrResetAdmin(username, password);
  const db = await getDb();
  await db.updateTable("admins").set({ email, must_change_password: 0 }).where("id", "=", admin.id).execute();
  if (options.mfa) await db.updateTable("admins").set({ totp_secret: sealSecret(newTotpSecret()), totp_enabled_at: new Date().toISOString() }).where("id", "=", admin.id).execute();
  return admin;
}
