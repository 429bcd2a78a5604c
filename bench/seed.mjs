// Bulk seeding of verification codes: one transaction, one prepared statement. Used by
// `npm run seed:codes` (scripts/seed-codes.ts) and by the benchmarks.
import { randomUUID } from "node:crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A code of `length` characters from the label alphabet, after `prefix`. */
export function randomCode(prefix = "", length = 10) {
  let code = prefix;
  while (code.length < length) code += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return code;
}

/**
 * Bulk-inserts `count` codes in one transaction with one prepared statement. `expiredShare` of
 * them are expired (a tenth of those revoked), spread over `spanDays` of creation dates. Codes are
 * 10 characters with a prefix, so they never collide with printed 8-character ones.
 * Returns the active codes when `returnActive` is set (for benchmarks that consume them).
 */
export function insertCodes(sqlite, { count, productIds, expiredShare = 0, spanDays = 365, prefix = "S", returnActive = false }) {
  const insert = sqlite.prepare(
    "INSERT INTO codes (id, code, product_id, status, created_at, expired_at, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const seen = new Set();
  const active = [];
  const now = Date.now();
  const span = spanDays * 86_400_000;
  sqlite.transaction(() => {
    let made = 0;
    while (made < count) {
      const code = randomCode(prefix, 10);
      if (seen.has(code)) continue;
      seen.add(code);
      const created = now - Math.floor((span * (count - made)) / Math.max(1, count));
      const createdAt = new Date(created).toISOString();
      const product = productIds[made % productIds.length];
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
      insert.run(randomUUID(), code, product, status, createdAt, expiredAt, verifiedAt);
      if (returnActive && status === "active") active.push(code);
      made++;
    }
  })();
  return active;
}

