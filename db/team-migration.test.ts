import { join } from "node:path";
import { Migrator, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "@migrations/index";
import { createDb } from "./db.server";

/** The team's migration on a database that already has admins (one made before roles existed). */
describe("migration 2026-11-23_20_team", () => {
  it("makes every existing admin an owner; a row written without a role is a viewer; roles are checked", async () => {
    const { db } = createDb(`file:${join(process.env.TEST_DB_DIR ?? "/tmp", `team-migration-${process.pid}.db`)}`);
    const raw = db as unknown as Kysely<any>;
    const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("2026-11-21_05_code_counts_and_tab_index")).error).toBeUndefined();
    const now = new Date().toISOString();
    await raw.insertInto("admins").values({ id: "old-1", username: "old-owner", password_hash: "x", created_at: now, updated_at: now }).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await raw.selectFrom("admins").select(["username", "role", "must_change_password", "disabled_at"]).execute()).toEqual([
      { username: "old-owner", role: "owner", must_change_password: 0, disabled_at: null },
    ]);
    await raw.insertInto("admins").values({ id: "new-1", username: "no-role-given", password_hash: "x", created_at: now, updated_at: now }).execute();
    expect((await raw.selectFrom("admins").select("role").where("id", "=", "new-1").executeTakeFirstOrThrow()).role).toBe("viewer");
    await expect(raw.updateTable("admins").set({ role: "root" }).where("id", "=", "new-1").execute()).rejects.toThrow(/CHECK/);
    // The audit trail only grows.
    await raw.insertInto("audit_log").values({ id: "e1", created_at: now, actor_id: null, actor: "system", action: "sign_out", target: null, outcome: "success", client_hash: null, detail: null }).execute();
    await expect(raw.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    // And the way back down exists (a development database can step back, as far as the print runs'
    // sealing, which cannot be undone).
    expect((await migrator.migrateTo("2026-11-23_10_print_runs_and_sealed_codes")).error).toBeUndefined();
    expect((await raw.introspection.getTables()).map((t) => t.name)).not.toContain("audit_log");
    await db.destroy();
  });
});
