// Bulk seeding of verification codes: one transaction, one prepared statement. Used by
// `npm run seed:codes` (scripts/seed-codes.ts), the benchmarks and the hardening suite.
// Codes are stored as the server stores them (decision 081): a keyed hash and a sealed value, with
// the key of the database's data folder (codes.key beside the database, or CODES_KEY).
import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import { codeKeysFor, sealedColumns } from "../app/platform/lib/code-seal.mjs";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A code of `length` characters from the label alphabet, after `prefix`. */
export function randomCode(prefix = "", length = 10) {
  let code = prefix;
  while (code.length < length) code += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return code;
}

/** The codes key of a SQLite database opened with better-sqlite3: CODES_KEY, or its folder's codes.key. */
export function keysFor(sqlite) {
  return codeKeysFor({ codesKey: process.env.CODES_KEY, dataDir: process.env.SEED_DATA_DIR ?? dirname(sqlite.name) });
}

/**
 * Bulk-inserts `count` codes in one transaction with one prepared statement. `expiredShare` of
 * them are expired (a tenth of those revoked), spread over `spanDays` of creation dates. Codes are
 * 10 characters with a prefix, so they never collide with printed 8-character ones. With `batches`,
 * the codes are split into that many print runs (contiguous serials 1..n each, one product and lot
 * per run); the runs' counts are kept by the database's own triggers.
 * Returns the active codes when `returnActive` is set (for benchmarks that consume them).
 */
export function insertCodes(sqlite, { count, productIds, expiredShare = 0, spanDays = 365, prefix = "S", returnActive = false, batches = 0 }) {
  const keys = keysFor(sqlite);
  const insert = sqlite.prepare(
    "INSERT INTO codes (id, code_hash, code_enc, product_id, batch_id, serial, status, created_at, expired_at, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertBatch = sqlite.prepare(
    "INSERT INTO batches (id, product_id, lot, quantity, status, created_by, created_at) VALUES (?, ?, ?, ?, 'active', 'seed', ?)",
  );
  const seen = new Set();
  const active = [];
  const now = Date.now();
  const span = spanDays * 86_400_000;
  const runs = Math.max(0, Math.min(batches, count));
  const perRun = runs > 0 ? Math.ceil(count / runs) : 0;
  sqlite.transaction(() => {
    let made = 0;
    let run = null;
    while (made < count) {
      const code = randomCode(prefix, 10);
      if (seen.has(code)) continue;
      seen.add(code);
      const created = now - Math.floor((span * (count - made)) / Math.max(1, count));
      const createdAt = new Date(created).toISOString();
      if (runs > 0 && made % perRun === 0) {
        const index = made / perRun;
        run = { id: randomUUID(), product: productIds[index % productIds.length], createdAt, serial: 0 };
        insertBatch.run(run.id, run.product, `SEED-${String(index + 1).padStart(3, "0")}`, Math.min(perRun, count - made), createdAt);
      }
      const product = run ? run.product : productIds[made % productIds.length];
      const roll = made % 1000;
      let status = "active";
      let expiredAt = null;
      let verifiedAt = null;
      if (roll < expiredShare * 1000) {
        const ended = new Date(Math.min(now, created + 3_600_000)).toISOString();
        if (roll % 10 === 0) [status, expiredAt] = ["revoked", ended];
        else if (roll % 2 === 0) [status, expiredAt] = ["expired", ended];
        else [status, verifiedAt] = ["expired", ended];
      }
      const { code_hash, code_enc } = sealedColumns(keys, code);
      insert.run(randomUUID(), code_hash, code_enc, product, run ? run.id : null, run ? ++run.serial : null, status, run ? run.createdAt : createdAt, expiredAt, verifiedAt);
      if (returnActive && status === "active") active.push(code);
      made++;
    }
  })();
  return active;
}
