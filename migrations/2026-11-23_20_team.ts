import { sql, type Kysely } from "kysely";

/**
 * The team (decision 100): roles on admins (every admin that exists becomes an owner), disabled
 * members, a password that must be changed, two-factor sign-in (the TOTP secret, encrypted; the last
 * time step used), one-time recovery codes, invitations, second-step sign-in challenges, the sessions
 * a member can see and end, and team-wide settings (two-factor required).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Least privilege for any row written without a role; the admins of today are the brand's owners.
  await db.schema
    .alterTable("admins")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("viewer").check(sql`role in ('owner', 'editor', 'viewer')`))
    .execute();
  await db.updateTable("admins").set({ role: "owner" }).execute();
  await db.schema.alterTable("admins").addColumn("disabled_at", "text").execute();
  await db.schema.alterTable("admins").addColumn("must_change_password", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("admins").addColumn("password_changed_at", "text").execute();
  await db.schema.alterTable("admins").addColumn("last_sign_in_at", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_last_step", "integer").execute();

  // Which client rotated a refresh token: a retry within the grace window must come from it.
  await db.schema.alterTable("refresh_tokens").addColumn("rotated_by", "text").execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("second_factor", "text")
    .execute();
  await db.schema.createIndex("admin_sessions_admin_idx").on("admin_sessions").columns(["admin_id", "created_at"]).execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_admin_idx").on("recovery_codes").column("admin_id").execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("invitations_admin_idx").on("invitations").column("admin_id").execute();

  await db.schema
    .createTable("mfa_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["app_settings", "mfa_challenges", "invitations", "recovery_codes", "admin_sessions"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("refresh_tokens").dropColumn("rotated_by").execute();
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_secret", "last_sign_in_at", "password_changed_at", "must_change_password", "disabled_at", "role"]) {
    await db.schema.alterTable("admins").dropColumn(column).execute();
  }
}
