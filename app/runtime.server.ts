import { redactDatabaseUrl } from "@db/database-url";
import { closeDb, initDb, readiness, configureDb } from "@db/db.server";
import { migrations } from "@migrations/index";
import { dbSettings } from "~/platform/database/settings.server";
import { ensureInitialAdmin } from "~/features/sign-in/bootstrap.server";
import { listenToChecks } from "~/features/alerts/check-signals.server";
import { listenToEdgeRefusals } from "~/platform/audit/refusals.server";
import { onDailyJob, startDailyJob, stopDailyJob } from "~/platform/daily/daily-job.server";
import { purgeRegistrations } from "~/features/registrations/registrations.server";
import { sendDailyDigest } from "~/platform/notices/digest.server";
import { startWebhookSweep, stopWebhookSweep } from "~/features/webhooks/webhooks.server";
import { startMailSweep, stopMailSweep } from "~/platform/mail/mail.server";
import { purgeAccountMailRequests } from "~/features/sign-in/account-mail-queue.server";
import { startAccountMailSweep, stopAccountMailSweep } from "~/features/sign-in/account-mail.server";
import { env } from "~/platform/lib/env.server";
import * as edge from "~/platform/http/edge.server";
import { configureLogger, log, requestContext, routeConsoleToLogger } from "~/platform/lib/log.server";
import { checkServerSecret, getServerSecret } from "~/platform/lib/secrets.server";
import { createPageCache } from "~/platform/http/page-cache.server";
import { recallsStamp } from "~/features/batches/recalls.server";
import { detectLanguage, languageCookie } from "~/platform/i18n/i18n.server";
import { countChecks } from "~/composers/metrics/metrics.server";
import * as metrics from "~/composers/metrics/serving.server";

/**
 * What server.js (plain JavaScript, outside the bundle) needs from the application, exported through
 * the build's entry module: configuration, the database's life cycle, the first admin, the secret,
 * the logger, the HTTP edge and brand protection's background jobs.
 */
export { checkServerSecret, closeDb, configureLogger, edge, ensureInitialAdmin, env, initDb, log, metrics, readiness, redactDatabaseUrl, requestContext, routeConsoleToLogger };

// Brand protection's part of every shopper's check (scan aggregates, signals, alerts and their
// webhooks): verification's check hook, registered as the application loads (this module is the
// server build's entry, in development too), before any request is served.
listenToChecks();
// The audit trail hears the refusals the HTTP layer answers itself (cross-site writes, decision 150).
listenToEdgeRefusals();
// `verifications_total` counts every committed check (decision 158).
countChecks();
// Registered buyers are deleted by the daily job: unconfirmed after 7 days, the others after their run's best-before date plus REGISTRATION_RETENTION_DAYS (decision 162).
onDailyJob("registrations", purgeRegistrations);
// Members who chose a daily digest get the previous UTC day's new alerts and reports (decision 164).
onDailyJob("digest", sendDailyDigest);
// Account mail requests done a day ago go (issue 42).
onDailyJob("account-mail", purgeAccountMailRequests);

/**
 * Brand protection's work beside the requests, started by the server (server.js) in every process
 * that serves: the daily job (a lease in the database lets one of them run it each day), the
 * webhook retries, the mail outbox (a lease per delivery or mail, decision 161) and the account mail
 * requests ("Forgot your password?", sign-in links: done here, never inside a request; issue 42). Timers are unref'd: they never keep a process alive.
 */
export function startProtectionJobs(): void {
  startDailyJob();
  startWebhookSweep();
  startMailSweep();
  startAccountMailSweep();
}

export function stopProtectionJobs(): void {
  stopDailyJob();
  stopWebhookSweep();
  stopMailSweep();
  stopAccountMailSweep();
}

// The server's (and the development server's) database migrates with this build's migrations.
configureDb(dbSettings(migrations));

/** How often each serving process asks whether a recall changed (the product pages show recalls). */
const RECALLS_POLL_MS = 3_000;

/**
 * The page cache in front of React Router (decision 132), `PAGE_CACHE_SECONDS` long. A product page
 * shows its open recalls: when a recall is made, updated or lifted (by any process or instance), every
 * process drops its cached pages within a few seconds instead of serving the old page until it expires.
 */
export function pageCache(ttlSeconds: number) {
  const cache = createPageCache({ ttlSeconds, detectLanguage, languageCookieName: languageCookie.name });
  if (cache.enabled) {
    let seen: string | undefined;
    const poll = setInterval(() => {
      recallsStamp().then(
        (stamp) => {
          if (seen !== undefined && stamp !== seen) cache.clear();
          seen = stamp;
        },
        () => {}, // the database is away: the next poll that reads the stamp decides
      );
    }, RECALLS_POLL_MS);
    poll.unref();
  }
  return cache;
}

/** Client keys' tags already computed: a client sends many requests, each with an access line. */
const tags = new Map<string, string>();
const MAX_TAGS = 10_000;

/** The keyed tag of a client key for log lines (never the address itself). */
export function clientTag(key: string): string {
  let tag = tags.get(key);
  if (tag === undefined) {
    tag = edge.clientTag(getServerSecret("client-hash"), key);
    if (tags.size >= MAX_TAGS) tags.clear();
    tags.set(key, tag);
  }
  return tag;
}
