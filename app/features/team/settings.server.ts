import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import type { By } from "./members.server";

/** Team-wide settings the owner changes (today: two-factor required for everyone). */
export async function isMfaRequired(): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("app_settings").select("value").where("key", "=", "require_mfa").executeTakeFirst();
  return row?.value === "1";
}

/** The owner requires two-factor for everyone (a member without it is sent to enrol), or stops requiring it. */
export async function setMfaRequired(by: By, required: boolean): Promise<void> {
  const db = await getDb();
  const now = new Date().toISOString();
  await db
    .insertInto("app_settings")
    .values({ key: "require_mfa", value: required ? "1" : "0", updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: required ? "1" : "0", updated_at: now }))
    .execute();
  await recordAudit({ action: "team.mfa_requirement_changed", actor: { id: by.admin.id, username: by.admin.username }, target: "setting:require_mfa", clientHash: by.clientHash, detail: { required } });
}
