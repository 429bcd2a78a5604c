import { Migrator, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "@migrations/index";
import { getDb } from "./db.server";
import { isUniqueViolation } from "./errors";

// Issue 42's migrations, on this run's engine (SQLite under `npm test`, PostgreSQL under
// `npm run test:postgres`): down and up again on a migrated database, and what each table refuses.
describe("migrations 2026-12-06_20 and _21", () => {
  it("step down and up again; a scan binds one address; an account mail request's kind and status are checked", async () => {
    const db = (await getDb()) as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("2026-11-27_50_member_notices")).error).toBeUndefined();
    const names = async () => (await db.introspection.getTables()).map((table) => table.name);
    expect(await names()).not.toContain("registration_scans");
    expect(await names()).not.toContain("account_mail_requests");
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await names()).toEqual(expect.arrayContaining(["registration_scans", "account_mail_requests"]));

    const at = new Date().toISOString();
    await db.insertInto("registration_scans").values({ scan_id: "scan-1", address_hash: "a", created_at: at }).execute();
    await expect(db.insertInto("registration_scans").values({ scan_id: "scan-1", address_hash: "b", created_at: at }).execute()).rejects.toSatisfy(isUniqueViolation);
    const request = { id: "r1", kind: "password_reset", identifier: "x", client_hash: "c", lang: "en", status: "pending", attempts: 0, next_attempt_at: at, lease_until: null, last_status: null, last_error: null, created_at: at, delivered_at: null };
    await db.insertInto("account_mail_requests").values(request).execute();
    await expect(db.insertInto("account_mail_requests").values({ ...request, id: "r2", kind: "anything" }).execute()).rejects.toThrow(/check/i);
    await expect(db.insertInto("account_mail_requests").values({ ...request, id: "r3", status: "sent" }).execute()).rejects.toThrow(/check/i);
  });
});
