// `npm run restore -- FILE`: puts a backup in place of the SQLite database named by DATABASE_URL,
// after the same integrity_check, into a data folder no server is running on. The current
// database is kept beside it as `<name>.before-restore-<time>`.
import { integrityCheck, restoreDatabase } from "../db/backup.mjs";
import { parseEnv } from "../app/platform/lib/env.server";

const args = process.argv.slice(2).filter((a) => a !== "--");
if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
  console.error("Usage: npm run restore -- FILE   (stop the server first; DATABASE_URL names the database to replace)");
  process.exit(2);
}

try {
  const env = parseEnv(process.env);
  if (env.DATABASE_ENGINE !== "sqlite" || !env.DATABASE_PATH || env.DATABASE_PATH === ":memory:") {
    throw new Error("npm run restore restores a SQLite database; on PostgreSQL use pg_restore (see the README)");
  }
  const result = restoreDatabase({ file: args[0]!, databasePath: env.DATABASE_PATH, dataDir: env.DATA_DIR });
  console.log(
    `Restored ${args[0]} into ${result.restored} (integrity_check ${integrityCheck(result.restored)})` +
      `${result.previous ? `; the previous database is kept as ${result.previous}` : ""}. Start the server when ready.`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message.split("\n")[0]}`);
  process.exit(1);
}
