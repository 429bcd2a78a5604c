// `npm run backup`: an online, consistent backup of the SQLite database named by DATABASE_URL into
// BACKUP_DIR (default DATA_DIR/backups), checked with integrity_check, keeping the newest
// BACKUP_KEEP (default 14). Safe while the server runs. The secret (DATA_DIR/secret.key) is not in
// it: back that up separately, once (see the README). On PostgreSQL: use pg_dump.
import { backupDatabase } from "../db/backup.mjs";
import { parseEnv } from "../app/platform/lib/env.server";

try {
  const env = parseEnv(process.env);
  if (env.DATABASE_ENGINE !== "sqlite" || !env.DATABASE_PATH || env.DATABASE_PATH === ":memory:") {
    throw new Error("npm run backup copies a SQLite database; on PostgreSQL use pg_dump --format=custom (see the README)");
  }
  const result = backupDatabase({ databasePath: env.DATABASE_PATH, dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP });
  const kept = env.BACKUP_KEEP;
  console.log(
    `Backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} kB in ${result.ms} ms, integrity_check ok); ` +
      `keeping the newest ${kept}${result.removed.length ? `, removed ${result.removed.join(", ")}` : ""}.`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message.split("\n")[0]}`);
  process.exit(1);
}
