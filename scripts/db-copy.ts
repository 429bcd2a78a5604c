// `npm run db:copy -- --from file:./data/app.db --to postgres://user:pass@host:5432/lunara`
// Copies every table of one database into another (see db/copy.ts): the target is migrated first
// and must be empty; one transaction; every table's row count is compared at the end. Stop the
// server (or at least the writers) on the source while it runs, so nothing is written mid-copy.
import { parseArgs } from "node:util";
import { copyDatabase, redactDatabaseUrl } from "../db/copy";
import { configureDb } from "../db/db.server";
import { migrations } from "../migrations/index";
import { dbSettings } from "../app/platform/database/settings.server";
import { parseDatabaseUrl } from "../db/database-url";

let values: { from?: string; to?: string };
try {
  ({ values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } }, args: process.argv.slice(2).filter((a) => a !== "--") }));
  if (!values.from || !values.to) throw new Error("both --from and --to are needed");
  parseDatabaseUrl(values.from);
  parseDatabaseUrl(values.to);
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run db:copy -- --from file:./data/app.db --to postgres://user:pass@host:5432/db`);
  process.exit(2);
}

configureDb(dbSettings(migrations));
try {
  console.log(`Copying ${redactDatabaseUrl(values.from!)} → ${redactDatabaseUrl(values.to!)}`);
  const result = await copyDatabase(values.from!, values.to!, (line) => console.log(line));
  const width = Math.max(...result.tables.map((t) => t.table.length));
  for (const t of result.tables) console.log(`  ${t.table.padEnd(width)}  ${String(t.source).padStart(9)} → ${String(t.target).padStart(9)}  ok`);
  console.log(`Copied ${result.tables.length} tables in ${(result.ms / 1000).toFixed(1)} s; every row count matches.`);
} catch (error) {
  console.error(`Copy failed: ${(error as Error).message.split("\n")[0]}`);
  process.exit(1);
}
