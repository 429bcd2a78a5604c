// Bulk seeding of the scan log for `npm run bench:growth` (and `npm run seed:scans`): `count` scans
// spread evenly over `days` days up to now, in time order, one prepared statement in transactions of
// 50 000; then the daily aggregates rebuilt from the log, as the checks themselves would have kept
// them. Outcomes, countries and print runs follow fixed weights, so every filter has matches.
import { randomBytes } from "node:crypto";
import { randomCode } from "./seed.mjs";

const OUTCOMES = [
  ["valid", 0.7],
  ["used", 0.15],
  ["unknown", 0.12],
  ["expired", 0.02],
  ["revoked", 0.01],
];
const COUNTRIES = [
  ["SA", 0.3], ["AE", 0.15], ["EG", 0.1], ["KW", 0.06], ["QA", 0.05], ["BH", 0.04], ["OM", 0.04], ["JO", 0.04],
  ["GB", 0.03], ["US", 0.03], ["FR", 0.02], ["DE", 0.02], ["TR", 0.02], ["MA", 0.02], ["PK", 0.01], ["IN", 0.01],
  [null, 0.06],
];
export const BENCH_BATCHES = 50;

function picker(weighted) {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  return (r) => {
    let acc = 0;
    for (const [value, weight] of weighted) {
      acc += weight / total;
      if (r < acc) return value;
    }
    return weighted[weighted.length - 1][0];
  };
}

/**
 * Inserts `count` scans. `codes` are rows of the codes table ({id, product_id, batch_id?}) that matched
 * checks refer to; a code without a print run is given one of BENCH_BATCHES synthetic ones.
 */
export function insertScans(sqlite, { count, days = 400, codes, now = Date.now() }) {
  // The log's secondary indexes are built once at the end (a sort), not row by row.
  const indexes = sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'scans' AND sql IS NOT NULL").all();
  for (const { name } of indexes) sqlite.exec(`DROP INDEX "${name}"`);
  const insert = sqlite.prepare(
    "INSERT INTO scans (id, created_at, input, code_id, outcome, product_id, verified_at, lang, client_hash, user_agent, country, batch_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const matched = codes.map((code, i) => ({ ...code, batch_id: code.batch_id ?? `bench-batch-${i % BENCH_BATCHES}` }));
  const outcome = picker(OUTCOMES);
  const country = picker(COUNTRIES);
  const span = days * 86_400_000;
  const start = now - span;
  const chunk = 50_000;
  for (let from = 0; from < count; from += chunk) {
    sqlite.transaction(() => {
      for (let i = from; i < Math.min(count, from + chunk); i++) {
        const createdAt = new Date(start + Math.floor((span * i) / count)).toISOString();
        const o = outcome(Math.random());
        const code = o === "unknown" ? null : matched[Math.floor(Math.random() * matched.length)];
        insert.run(
          randomBytes(16).toString("base64url"),
          createdAt,
          randomCode("B", 10),
          code?.id ?? null,
          o,
          code?.product_id ?? null,
          o === "valid" || o === "used" ? createdAt : null,
          i % 3 === 0 ? "ar" : "en",
          `client-${Math.floor(Math.random() * 1_000_000)}`,
          "bench-seed",
          country(Math.random()),
          code?.batch_id ?? null,
        );
      }
    })();
  }
  for (const { sql } of indexes) sqlite.exec(sql);
}

/** The daily aggregates, rebuilt from the whole log (what the checks keep one by one). */
export function rebuildDaily(sqlite) {
  const day = "substr(created_at, 1, 10)";
  sqlite.exec(`
    DELETE FROM scan_daily;
    INSERT INTO scan_daily (dim, value, day, outcome, n) SELECT 'all', '', ${day}, outcome, count(*) FROM scans GROUP BY ${day}, outcome;
    INSERT INTO scan_daily (dim, value, day, outcome, n) SELECT 'country', coalesce(country, ''), ${day}, outcome, count(*) FROM scans GROUP BY country, ${day}, outcome;
    INSERT INTO scan_daily (dim, value, day, outcome, n) SELECT 'product', product_id, ${day}, outcome, count(*) FROM scans WHERE product_id IS NOT NULL GROUP BY product_id, ${day}, outcome;
    INSERT INTO scan_daily (dim, value, day, outcome, n) SELECT 'batch', batch_id, ${day}, outcome, count(*) FROM scans WHERE batch_id IS NOT NULL GROUP BY batch_id, ${day}, outcome;
  `);
}
