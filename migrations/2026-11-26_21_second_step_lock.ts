import type { Kysely } from "kysely";

/**
 * The second step of a sign-in resists guessing (decision 150): `admins.mfa_locked_at` is set when an
 * account's second-step budget runs out (cleared by an owner on the team screen or by
 * `--disable-2fa`), and `mfa_challenges.client_hash` binds a second-step token to the client that
 * received it (a step begun before this migration has none, and is refused: it lasts 5 minutes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admins").addColumn("mfa_locked_at", "text").execute();
  await db.schema.alterTable("mfa_challenges").addColumn("client_hash", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mfa_challenges").dropColumn("client_hash").execute();
  await db.schema.alterTable("admins").dropColumn("mfa_locked_at").execute();
}
