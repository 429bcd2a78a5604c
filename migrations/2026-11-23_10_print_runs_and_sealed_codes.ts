import { createCipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sql, type Kysely } from "kysely";
import { engineOf } from "./engine";

/**
 * Print runs (decision 080) and codes at rest (decision 081).
 *
 * - `batches`: a print run of one product and lot, with its four counts kept exact by triggers on
 *   `codes` (below).
 * - `codes.code` becomes `code_hash` (the keyed hash every lookup uses; its unique index stays) and
 *   gains `code_enc` (the sealed code admins see and print), `batch_id` and `serial` (1..N in its run).
 *   Every existing code is sealed here with the deployment's codes key (CODES_KEY or
 *   DATA_DIR/codes.key), whose fingerprint is kept in `code_keys` so a start with another key stops.
 * - `scans.batch_id`: the run of the matched code, copied at check time (brand protection joins scans
 *   to runs without going through codes, which may be deleted).
 */
const SEAL_CHUNK = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const keys = codeKeysFor({ codesKey: process.env.CODES_KEY, dataDir: await dataDirOf(db) });
  await db.schema
    .createTable("code_keys")
    .addColumn("fingerprint", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.insertInto("code_keys").values({ fingerprint: keys.fingerprint, created_at: new Date().toISOString() }).execute();

  await db.schema
    .createTable("batches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("lot", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("manufactured_on", "text")
    .addColumn("best_before", "text")
    .addColumn("market", "text")
    .addColumn("note", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'revoked')`))
    .addColumn("revoked_reason", "text", (c) => c.check(sql`revoked_reason in ('misprint', 'stolen', 'recalled', 'other')`))
    .addColumn("revoked_note", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("active_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("used_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expired_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revoked_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The list of runs, newest first.
  await db.schema.createIndex("batches_created_idx").on("batches").columns(["created_at", "id"]).execute();

  await db.schema.alterTable("codes").renameColumn("code", "code_hash").execute();
  await db.schema.alterTable("codes").addColumn("code_enc", "text").execute();
  await db.schema.alterTable("codes").addColumn("batch_id", "text", (c) => c.references("batches.id")).execute();
  await db.schema.alterTable("codes").addColumn("serial", "integer").execute();
  // A run's codes in print order (its page, the exports, the codes screen's filter); single codes have neither.
  await db.schema.createIndex("codes_batch_serial_idx").on("codes").columns(["batch_id", "serial"]).unique().execute();

  // Seal every existing code in place (its plain text is still in code_hash until then).
  for (;;) {
    const rows: { id: string; code_hash: string }[] = await db
      .selectFrom("codes")
      .select(["id", "code_hash"])
      .where("code_enc", "is", null)
      .orderBy("id")
      .limit(SEAL_CHUNK)
      .execute();
    if (rows.length === 0) break;
    const sealed = sealCodes(
      keys,
      rows.map((row) => row.code_hash),
    );
    for (const [i, row] of rows.entries()) {
      await db.updateTable("codes").set(sealed[i]!).where("id", "=", row.id).execute();
    }
  }

  await createBatchCountTriggers(db);

  await db.schema.alterTable("scans").addColumn("batch_id", "text").execute();
  await db.schema.createIndex("scans_batch_idx").on("scans").columns(["batch_id", "created_at"]).execute();
}

/**
 * Not reversible: SQLite cannot drop a column that references another table (`codes.batch_id`), and
 * undoing the seal would write every code back in plain text, which is what this migration exists to
 * prevent. Restore a backup taken before it instead.
 */
export async function down(): Promise<void> {
  throw new Error("Migration 2026-11-23_10_print_runs_and_sealed_codes cannot be undone; restore a backup taken before it.");
}

// ---------------------------------------------------------------------------------------------------
// FROZEN: what this migration used of live code when it landed (2026-11-23), copied here so that later
// edits to that code cannot change what this migration does. Never edit; a change of the sealing,
// the key or the triggers is a new migration.
//   - the key and the sealing: app/lib/code-seal.mjs (codeKeysFrom, readOrCreateCodesKey, codeKeysFor,
//     sealCodes) and app/lib/codes-key.server.ts (codeKeys: CODES_KEY, else DATA_DIR/codes.key, read
//     through env() as the server reads them; since 2026-12-07 read here as env() read them then, in
//     dataDirOf below, so that this file imports nothing outside migrations/, decision 199);
//   - the batch-count triggers: createBatchCountTriggers, then in db/ (moved here whole: nothing else used it).
// ---------------------------------------------------------------------------------------------------

type CodeKeys = { lookup: KeyObject; seal: Buffer; fingerprint: string };
type SealedCode = { code_hash: string; code_enc: string };

const CODES_KEY_FILE = "codes.key";
const SEAL_VERSION = "1";
const BLOCK = 16;

/** The two keys (and a fingerprint that names them without revealing them) derived from a secret. */
function codeKeysFrom(secret: string | Buffer): CodeKeys {
  const master = Buffer.isBuffer(secret) ? secret : Buffer.from(String(secret), "utf8");
  if (master.length < 32) throw new Error("The codes key must be at least 32 bytes (CODES_KEY: 32+ characters)");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), info, 32));
  const fingerprint = createHmac("sha256", derive("lunara/codes/fingerprint/v1")).update("codes key check").digest("base64url").slice(0, 22);
  return { lookup: createSecretKey(derive("lunara/codes/lookup/v1")), seal: derive("lunara/codes/seal/v1"), fingerprint };
}

/** The key file of a data folder: its secret, generated (32 random bytes, base64, mode 600) when missing. */
function readOrCreateCodesKey(dataDir: string): string {
  const file = join(dataDir, CODES_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process sharing the data folder wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException | undefined)?.code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The data folder as env() resolved it on 2026-11-23 (the start-up has validated the environment before
 * it migrates): DATA_DIR when given, else the SQLite file's folder, else (PostgreSQL, or SQLite in
 * memory) ./data.
 */
async function dataDirOf(db: Kysely<any>): Promise<string> {
  if (process.env.DATA_DIR) return process.env.DATA_DIR;
  if (engineOf(db) === "postgres") return "./data";
  const files = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  const file = files.rows.find((row) => row.name === "main")?.file ?? "";
  return file === "" ? "./data" : dirname(file);
}

/** The keys of a deployment: CODES_KEY when given, else the data folder's key file. */
function codeKeysFor({ codesKey, dataDir }: { codesKey?: string | undefined; dataDir: string }): CodeKeys {
  return codeKeysFrom(codesKey ? codesKey : readOrCreateCodesKey(dataDir));
}

const mac = (keys: CodeKeys, normalized: string) => createHmac("sha256", keys.lookup).update(normalized, "utf8").digest();

/**
 * XORs each text with its AES-256-CTR key stream, the counter starting at its IV: every counter block
 * of every text goes through one AES call (ECB over the counter blocks is CTR's key stream).
 */
function ctr(keys: CodeKeys, items: { iv: Buffer; bytes: Buffer }[]): Buffer[] {
  const counts = items.map(({ bytes }) => Math.ceil(bytes.length / BLOCK));
  const counters = Buffer.alloc(counts.reduce((sum, n) => sum + n, 0) * BLOCK);
  let at = 0;
  items.forEach(({ iv }, i) => {
    for (let k = 0; k < counts[i]!; k++, at += BLOCK) {
      iv.copy(counters, at, 0, BLOCK);
      // Big-endian increment of the 128-bit counter by k.
      let carry = k;
      for (let j = at + BLOCK - 1; j >= at && carry > 0; j--) {
        const sum = counters[j]! + (carry & 0xff);
        counters[j] = sum & 0xff;
        carry = (carry >>> 8) + (sum >>> 8);
      }
    }
  });
  const aes = createCipheriv("aes-256-ecb", keys.seal, null);
  aes.setAutoPadding(false);
  const stream = Buffer.concat([aes.update(counters), aes.final()]);
  at = 0;
  return items.map(({ bytes }, i) => {
    const out = Buffer.allocUnsafe(bytes.length);
    for (let j = 0; j < bytes.length; j++) out[j] = bytes[j]! ^ stream[at + j]!;
    at += counts[i]! * BLOCK;
    return out;
  });
}

/** The stored columns of many normalised codes, sealed in one pass. */
function sealCodes(keys: CodeKeys, codes: readonly string[]): SealedCode[] {
  const macs = codes.map((code) => mac(keys, code));
  const sealed = ctr(keys, codes.map((code, i) => ({ iv: macs[i]!, bytes: Buffer.from(code, "utf8") })));
  return codes.map((_, i) => ({ code_hash: macs[i]!.toString("base64url"), code_enc: `${SEAL_VERSION}.${sealed[i]!.toString("base64url")}` }));
}

/**
 * The engine-specific parts of print runs (decision 080), written once per engine.
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
async function createBatchCountTriggers(db: Kysely<any>): Promise<void> {
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
