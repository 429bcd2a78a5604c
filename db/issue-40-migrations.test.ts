import { Migrator, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "@migrations/index";
import { getDb } from "./db.server";

// Issue 40's migration, on this run's engine (SQLite under `npm test`, PostgreSQL under
// `npm run test:postgres`): down and up again on a migrated database; a recall keeps its hazard and remedy.
describe("migration 2026-12-06_40", () => {
  it("steps down and up again: the recall's hazard and remedy columns go and come back, empty for the runs before them", async () => {
    const db = (await getDb()) as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    const columns = async () => (await db.introspection.getTables()).find((table) => table.name === "batches")!.columns.map((column) => column.name);
    const added = ["recall_hazard_en", "recall_hazard_ar", "recall_remedy_en", "recall_remedy_ar"];

    const at = new Date().toISOString();
    const run = { id: "run-40", product_id: "p", lot: "L40", quantity: 1, status: "active", created_by: "a", created_at: at, active_count: 0, used_count: 0, expired_count: 0, revoked_count: 0 };
    await db.insertInto("batches").values(run).execute();

    expect((await migrator.migrateTo("2026-12-06_21_account_mail_requests")).error).toBeUndefined();
    expect(await columns()).not.toEqual(expect.arrayContaining(added));
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await columns()).toEqual(expect.arrayContaining(added));

    const before = await db.selectFrom("batches").select(added).where("id", "=", "run-40").executeTakeFirstOrThrow();
    expect(before).toEqual({ recall_hazard_en: null, recall_hazard_ar: null, recall_remedy_en: null, recall_remedy_ar: null });
    await db.updateTable("batches").set({ recall_hazard_ar: "خطر", recall_remedy_en: "Refund." }).where("id", "=", "run-40").execute();
    expect(await db.selectFrom("batches").select(["recall_hazard_ar", "recall_remedy_en"]).where("id", "=", "run-40").executeTakeFirstOrThrow()).toEqual({ recall_hazard_ar: "خطر", recall_remedy_en: "Refund." });
  });
});
