import type { Kysely } from "kysely";
import { createReplaceGuard, dropReplaceGuard } from "./engine";

/**
 * The audit trail stays append-only against SQLite's `INSERT OR REPLACE` too (decision 150): an insert
 * whose id (or rowid) is taken is refused, so no entry can be rewritten by replacing it. Nothing
 * changes on PostgreSQL, where an upsert is an UPDATE and refused already.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createReplaceGuard(db, "audit_log");
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropReplaceGuard(db, "audit_log");
}
