import { sql, type Kysely } from "kysely";
import { redactDatabaseUrl } from "./database-url";
import { createDb, migrateToLatest, pendingMigrations } from "./db.server";

/**
 * `npm run db:copy -- --from file:… --to postgres://…`: every table of one database into another
 * (SQLite to PostgreSQL for a brand that outgrows one machine; any direction works). The target is
 * migrated to this build's schema first and must hold no data; the copy is one transaction, so a
 * failure leaves the target as empty as it was; then the row count of every table is compared.
 */

type CopiedTable = {
  table: string;
  /** The primary key: one column (read in key order from the last one seen), or several (read in their order, by offset). */
  key: string | readonly string[];
  /** Columns the target's triggers keep from other tables' rows: copied as 0, compared after the copy. */
  derived?: readonly string[];
  /** Rows the migrations write on their own (the codes key's fingerprint): replaced by the source's. */
  replace?: boolean;
};

/** Tables in an order that satisfies their foreign keys, each with its primary key. */
export const COPIED_TABLES: readonly CopiedTable[] = [
  { table: "code_keys", key: "fingerprint", replace: true },
  { table: "batches", key: "id", derived: ["active_count", "used_count", "expired_count", "revoked_count"] },
  { table: "codes", key: "id" },
  { table: "scans", key: "id" },
  { table: "contacts", key: "id" },
  { table: "admins", key: "id" },
  { table: "refresh_tokens", key: "id" },
  { table: "admin_sessions", key: "id" },
  { table: "recovery_codes", key: "id" },
  { table: "invitations", key: "id" },
  { table: "mfa_challenges", key: "id" },
  { table: "app_settings", key: "key" },
  { table: "audit_log", key: "id" },
  { table: "scan_daily", key: ["dim", "value", "day", "outcome"] },
  { table: "scan_daily_country", key: ["dim", "value", "country", "day", "outcome"] },
  { table: "alerts", key: "id" },
  { table: "alert_scans", key: ["alert_id", "scan_id"] },
  { table: "verify_limit_hits", key: ["client_hash", "window_end"] },
  { table: "job_runs", key: "name" },
  { table: "reports", key: "id" },
  { table: "report_notes", key: "id" },
  { table: "api_keys", key: "id" },
  { table: "webhook_endpoints", key: "id" },
  { table: "webhook_deliveries", key: "id" },
  { table: "registrations", key: "id" },
  { table: "registration_scans", key: "scan_id" },
  { table: "mail_outbox", key: "id" },
  { table: "account_mail_requests", key: "id" },
  { table: "password_resets", key: "id" },
  { table: "rate_limits", key: "key" },
];

/** Kept by the target's own triggers from the rows copied into `codes`; compared, not copied. */
const DERIVED_TABLES = ["code_counts"];
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

export type TableCount = { table: string; source: number; target: number };
export type CopyResult = { tables: TableCount[]; ms: number };

const BATCH = 500;

async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function codeCounts(db: Kysely<any>): Promise<Record<string, number>> {
  const rows = await db.selectFrom("code_counts").select(["status", "n"]).orderBy("status").execute();
  return Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
}

async function derivedSums(db: Kysely<any>, table: string, columns: readonly string[]): Promise<Record<string, number>> {
  const row = await db
    .selectFrom(table)
    .select((eb) => columns.map((c) => eb.fn.coalesce(eb.fn.sum<number>(c), eb.lit(0)).as(c)))
    .executeTakeFirstOrThrow();
  return Object.fromEntries(columns.map((c) => [c, Number(row[c])]));
}

export async function copyDatabase(from: string, to: string, log: (line: string) => void = () => {}): Promise<CopyResult> {
  if (from === to) throw new Error("--from and --to name the same database");
  const started = Date.now();
  const source = createDb(from);
  const target = createDb(to);
  try {
    const pending = await pendingMigrations(source.db);
    if (pending.length) {
      throw new Error(`the source is not at this version's schema (pending: ${pending.join(", ")}): start the server on it once, then copy`);
    }
    const known = new Set<string>([...COPIED_TABLES.map((t) => t.table), ...DERIVED_TABLES, ...MIGRATION_TABLES]);
    const unknown = (await source.db.introspection.getTables()).map((t) => t.name).filter((name) => !known.has(name));
    if (unknown.length) throw new Error(`the source has tables this copy does not know (${unknown.join(", ")}): add them to db/copy.ts`);

    await migrateToLatest(target.db);
    for (const { table, replace } of COPIED_TABLES) {
      if (replace) continue;
      const n = await countRows(target.db, table);
      if (n > 0) throw new Error(`the target already holds data (${n} rows in ${table}): copy into an empty database`);
    }

    await target.db.transaction().execute(async (trx) => {
      for (const { table, key, derived = [], replace } of COPIED_TABLES) {
        const t0 = Date.now();
        if (replace) await (trx as Kysely<any>).deleteFrom(table).execute();
        let copied = 0;
        let last: string | undefined;
        const columns = typeof key === "string" ? [key] : key;
        for (;;) {
          let query = (source.db as Kysely<any>).selectFrom(table).selectAll().limit(BATCH);
          for (const column of columns) query = query.orderBy(column);
          if (typeof key !== "string") query = query.offset(copied);
          else if (last !== undefined) query = query.where(key, ">", last);
          const rows = await query.execute();
          if (rows.length === 0) break;
          const zeroed = derived.length ? rows.map((row) => ({ ...row, ...Object.fromEntries(derived.map((c) => [c, 0])) })) : rows;
          await (trx as Kysely<any>).insertInto(table).values(zeroed).execute();
          copied += rows.length;
          if (typeof key === "string") last = String(rows.at(-1)![key]);
          if (rows.length < BATCH) break;
        }
        log(`  ${table}: ${copied} rows in ${Date.now() - t0} ms`);
      }
    });

    const tables: TableCount[] = [];
    for (const { table } of COPIED_TABLES) tables.push({ table, source: await countRows(source.db, table), target: await countRows(target.db, table) });
    const [sourceCounts, targetCounts] = [await codeCounts(source.db), await codeCounts(target.db)];
    for (const status of new Set([...Object.keys(sourceCounts), ...Object.keys(targetCounts)])) {
      tables.push({ table: `code_counts[${status}]`, source: sourceCounts[status] ?? 0, target: targetCounts[status] ?? 0 });
    }
    for (const { table, derived = [] } of COPIED_TABLES) {
      if (!derived.length) continue;
      const [from, to] = [await derivedSums(source.db, table, derived), await derivedSums(target.db, table, derived)];
      for (const column of derived) tables.push({ table: `${table}.${column} (sum)`, source: from[column] ?? 0, target: to[column] ?? 0 });
    }
    const wrong = tables.filter((t) => t.source !== t.target);
    if (wrong.length) {
      throw new Error(`row counts differ after the copy: ${wrong.map((t) => `${t.table} ${t.source} → ${t.target}`).join(", ")}`);
    }
    if (target.engine === "postgres") await sql`ANALYZE`.execute(target.db);
    return { tables, ms: Date.now() - started };
  } finally {
    await source.db.destroy();
    await target.db.destroy();
  }
}

export { redactDatabaseUrl };
