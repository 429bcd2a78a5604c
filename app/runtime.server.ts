import { redactDatabaseUrl } from "~/lib/database-url";
import { closeDb, initDb, readiness, registerMigrations } from "@db/db.server";
import { migrations } from "@migrations/index";
import { ensureInitialAdmin } from "~/auth/bootstrap.server";
import { startProtectionJobs, stopProtectionJobs } from "~/protection/background.server";
import { env } from "~/lib/env.server";
import * as edge from "~/http/edge.server";
import { configureLogger, log, requestContext, routeConsoleToLogger } from "~/lib/log.server";
import { checkServerSecret, getServerSecret } from "~/lib/secrets.server";
import { createPageCache } from "~/http/page-cache.server";
import { detectLanguage, languageCookie } from "~/i18n/i18n.server";

/**
 * What server.js (plain JavaScript, outside the bundle) needs from the application, exported through
 * the build's entry module: configuration, the database's life cycle, the first admin, the secret,
 * the logger, the HTTP edge and brand protection's background jobs.
 */
export { checkServerSecret, closeDb, configureLogger, edge, ensureInitialAdmin, env, initDb, log, readiness, redactDatabaseUrl, requestContext, routeConsoleToLogger, startProtectionJobs, stopProtectionJobs };

// The server's (and the development server's) database migrates with this build's migrations.
registerMigrations(migrations);

/** The page cache in front of React Router (decision 132), `PAGE_CACHE_SECONDS` long. */
export function pageCache(ttlSeconds: number) {
  return createPageCache({ ttlSeconds, detectLanguage, languageCookieName: languageCookie.name });
}

/** The keyed tag of a client key for log lines (never the address itself). */
export function clientTag(key: string): string {
  return edge.clientTag(getServerSecret("client-hash"), key);
}
