import { sql, type Kysely } from "kysely";
import { engineOf } from "./portable";

/**
 * The engine-specific parts of print runs (decision 080), written once per engine so migrations and
 * domain code never test the engine themselves.
 */
const isPostgres = (db: Kysely<any>) => engineOf(db) === "postgres";

/** A code's share of its batch's counts: active, used (a shopper's check), expired (an admin's), revoked. */
const share = (row: "NEW" | "OLD", cast: string) => ({
  active: `(${row}.status = 'active')${cast}`,
  used: `(${row}.status = 'expired' AND ${row}.verified_at IS NOT NULL)${cast}`,
  expired: `(${row}.status = 'expired' AND ${row}.verified_at IS NULL)${cast}`,
  revoked: `(${row}.status = 'revoked')${cast}`,
});

const columns = ["active", "used", "expired", "revoked"] as const;

function setCounts(parts: { row: "NEW" | "OLD"; sign: "+" | "-" }[], cast = ""): string {
  return columns
    .map((c) => `${c}_count = ${c}_count ${parts.map(({ row, sign }) => `${sign} ${share(row, cast)[c]}`).join(" ")}`)
    .join(", ");
}

/**
 * Triggers that keep each batch's four counts exact, whichever statement changes its codes (creation,
 * a shopper's check, an admin's Expire or Delete, a revoke, a bulk script), as `code_counts` does for
 * the global counts (decision 063).
 *
 * SQLite: row triggers; a status change within one batch is one UPDATE of the batch row.
 * PostgreSQL: like the `code_counts` twin, a deferred constraint trigger that applies the change at
 * commit after locking the three `code_counts` rows in their fixed order, so two committing
 * transactions never take batch rows crosswise (no deadlock between verification batches).
 */
export async function createBatchCountTriggers(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    await sql
      .raw(
        `CREATE TRIGGER codes_batch_count_insert AFTER INSERT ON codes WHEN NEW.batch_id IS NOT NULL BEGIN
  UPDATE batches SET ${setCounts([{ row: "NEW", sign: "+" }])} WHERE id = NEW.batch_id;
END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER codes_batch_count_delete AFTER DELETE ON codes WHEN OLD.batch_id IS NOT NULL BEGIN
  UPDATE batches SET ${setCounts([{ row: "OLD", sign: "-" }])} WHERE id = OLD.batch_id;
END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER codes_batch_count_update AFTER UPDATE OF status, verified_at, batch_id ON codes
  WHEN NEW.batch_id IS NOT NULL AND OLD.batch_id IS NEW.batch_id
    AND (OLD.status IS NOT NEW.status OR OLD.verified_at IS NOT NEW.verified_at) BEGIN
  UPDATE batches SET ${setCounts([{ row: "NEW", sign: "+" }, { row: "OLD", sign: "-" }])} WHERE id = NEW.batch_id;
END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER codes_batch_count_move AFTER UPDATE OF batch_id ON codes WHEN OLD.batch_id IS NOT NEW.batch_id BEGIN
  UPDATE batches SET ${setCounts([{ row: "OLD", sign: "-" }])} WHERE id = OLD.batch_id;
  UPDATE batches SET ${setCounts([{ row: "NEW", sign: "+" }])} WHERE id = NEW.batch_id;
END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION codes_batch_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM code_counts ORDER BY status FOR UPDATE;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.batch_id IS NOT NULL THEN
    UPDATE batches SET ${setCounts([{ row: "OLD", sign: "-" }], "::int")} WHERE id = OLD.batch_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.batch_id IS NOT NULL THEN
    UPDATE batches SET ${setCounts([{ row: "NEW", sign: "+" }], "::int")} WHERE id = NEW.batch_id;
  END IF;
  RETURN NULL;
END
$$`,
    )
    .execute(db);
  await sql`CREATE CONSTRAINT TRIGGER codes_batch_count_insert AFTER INSERT ON codes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.batch_id IS NOT NULL) EXECUTE FUNCTION codes_batch_count_change()`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER codes_batch_count_delete AFTER DELETE ON codes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.batch_id IS NOT NULL) EXECUTE FUNCTION codes_batch_count_change()`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER codes_batch_count_update AFTER UPDATE OF status, verified_at, batch_id ON codes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.verified_at IS DISTINCT FROM NEW.verified_at OR OLD.batch_id IS DISTINCT FROM NEW.batch_id)
    EXECUTE FUNCTION codes_batch_count_change()`.execute(db);
}

/**
 * After codes were sealed in place, nothing of their old plain text may stay in the files: SQLite
 * zeroes deleted content (`secure_delete`, set on every connection in db.server.ts), and the WAL,
 * which still holds the pages as they were before, is checkpointed into the database and truncated.
 * Nothing to do on PostgreSQL (its own storage is the operator's concern).
 */
export async function flushOldPages(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
