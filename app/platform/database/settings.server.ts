import type { Migration } from "kysely";
import type { DbSettings } from "@db/db.server";
import { codeKeys } from "~/platform/lib/codes-key.server";
import { env } from "~/platform/lib/env.server";

/**
 * The database's settings from this process's environment (DATABASE_URL, DATABASE_POOL_SIZE) and its
 * codes key, for `configureDb` (db/ reads neither itself). Every start configures the database with
 * this: `configureDb(dbSettings(migrations))`.
 */
export function dbSettings(migrations: Record<string, Migration>): DbSettings {
  return {
    migrations,
    connection: () => ({ url: env().DATABASE_URL, poolSize: env().DATABASE_POOL_SIZE }),
    codesKeyFingerprint: () => codeKeys().fingerprint,
  };
}
