// `npm run seed:scans -- --count N --db file:./data/app.db [--days 400] [--codes 100000]`
// Adds N scans to a database (migrated first, so a fresh file works), spread over the last `days`
// days, matching `codes` seeded codes (added when the database has fewer), then rebuilds the daily
// aggregates. For measuring how the scan log and the dashboard behave with millions of checks.
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { products } from "../app/platform/catalog/products";
import { createDb, migrateToLatest, configureDb } from "../db/db.server";
import { migrations } from "../migrations/index";
import { dbSettings } from "../app/platform/database/settings.server";
// @ts-expect-error plain JavaScript module shared with the benchmarks
import { insertCodes } from "../bench/seed.mjs";
// @ts-expect-error plain JavaScript module shared with the benchmarks
import { insertScans, rebuildDaily } from "../bench/seed-scans.mjs";

const { values } = parseArgs({
  options: {
    count: { type: "string" },
    db: { type: "string", default: process.env.DATABASE_URL ?? "file:./data/app.db" },
    days: { type: "string", default: "400" },
    codes: { type: "string", default: "100000" },
  },
});

const count = Number(values.count);
const days = Number(values.days);
const codeCount = Number(values.codes);
if (!Number.isInteger(count) || count < 0 || !(days >= 1) || !Number.isInteger(codeCount) || codeCount < 1 || !values.db.startsWith("file:")) {
  console.error("Usage: npm run seed:scans -- --count N --db file:path [--days 400] [--codes 100000]");
  process.exit(2);
}

const started = Date.now();
// Codes are sealed with the key of this database's data folder (as the server started on it will).
process.env.DATA_DIR ??= dirname(values.db.slice("file:".length));
const connection = createDb(values.db);
if (connection.engine !== "sqlite") throw new Error("unreachable: --db is a file: URL");
const { db, sqlite } = connection;
configureDb(dbSettings(migrations));
await migrateToLatest(db);
sqlite.pragma("cache_size = -524288");
sqlite.pragma("synchronous = OFF"); // seeding only; checkpointed and synced at the end
const have = (sqlite.prepare("SELECT count(*) AS n FROM codes").get() as { n: number }).n;
if (have < codeCount) insertCodes(sqlite, { count: codeCount - have, productIds: products.map((p) => p.id), expiredShare: 0.3, spanDays: days, prefix: "Q" });
const codes = sqlite.prepare("SELECT id, product_id FROM codes LIMIT ?").all(codeCount);
insertScans(sqlite, { count, days, codes });
rebuildDaily(sqlite);
sqlite.pragma("synchronous = FULL");
sqlite.pragma("wal_checkpoint(TRUNCATE)");
sqlite.exec("ANALYZE");
const total = (sqlite.prepare("SELECT count(*) AS n FROM scans").get() as { n: number }).n;
await db.destroy();
console.log(`Seeded ${count.toLocaleString("en-US")} scans in ${((Date.now() - started) / 1000).toFixed(1)} s (${total.toLocaleString("en-US")} in ${values.db}).`);
