// `npm run seed:codes -- --count N --db file:./data/app.db [--expired 0.3] [--span-days 365] [--batches 50] [--active-out file]`
// Adds N verification codes to a database (migrated first, so a fresh file works): one transaction,
// one prepared statement, real product ids from the catalogue, creation dates spread over the span,
// a share of them expired (a tenth of those revoked). Codes are 10 characters with an "S" prefix, so
// they never collide with printed 8-character labels. With --batches, the codes are split into that many
// print runs; --active-out writes up to 1000 of the active codes (one per line) for a benchmark to check.
// Codes are sealed with the database folder's codes key (or CODES_KEY), as the server would.
// For measuring how page cost grows with data.
import { writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { products } from "../app/platform/catalog/products";
import { createDb, migrateToLatest, configureDb } from "../db/db.server";
import { migrations } from "../migrations/index";
import { dbSettings } from "../app/platform/database/settings.server";
// @ts-expect-error plain JavaScript module shared with the benchmarks
import { insertCodes } from "../bench/seed.mjs";

const { values } = parseArgs({
  options: {
    count: { type: "string" },
    db: { type: "string", default: process.env.DATABASE_URL ?? "file:./data/app.db" },
    expired: { type: "string", default: "0.3" },
    "span-days": { type: "string", default: "365" },
    batches: { type: "string", default: "0" },
    "active-out": { type: "string" },
  },
});

const count = Number(values.count);
const expiredShare = Number(values.expired);
if (!Number.isInteger(count) || count < 0) {
  console.error("Usage: npm run seed:codes -- --count N --db file:path [--expired 0.3] [--span-days 365]");
  process.exit(2);
}
if (!(expiredShare >= 0 && expiredShare <= 1)) {
  console.error("--expired must be a share between 0 and 1");
  process.exit(2);
}
if (!values.db.startsWith("file:")) {
  console.error("--db must start with file: (for example file:./data/app.db)");
  process.exit(2);
}

const started = Date.now();
const path = values.db.slice("file:".length);
// The migrations seal with the key of this database's data folder (as the server started on it will).
process.env.DATA_DIR = dirname(path);
const connection = createDb(values.db);
if (connection.engine !== "sqlite") throw new Error("unreachable: --db is a file: URL");
const { db, sqlite } = connection;
configureDb(dbSettings(migrations));
await migrateToLatest(db);
// Seeding only: a large page cache keeps the index inserts in memory; the final commit is durable.
sqlite.pragma("cache_size = -262144");
const active: string[] = insertCodes(sqlite, {
  count,
  productIds: products.map((p) => p.id),
  expiredShare,
  spanDays: Number(values["span-days"]),
  batches: Number(values.batches),
  returnActive: Boolean(values["active-out"]),
});
if (values["active-out"]) writeFileSync(values["active-out"], active.slice(0, 1000).join("\n"));
sqlite.pragma("wal_checkpoint(TRUNCATE)");
sqlite.exec("ANALYZE");
const total = (sqlite.prepare("SELECT count(*) AS n FROM codes").get() as { n: number }).n;
await db.destroy();
console.log(`Seeded ${count.toLocaleString("en-US")} codes in ${((Date.now() - started) / 1000).toFixed(1)} s (${total.toLocaleString("en-US")} in ${values.db}).`);
