import { startDailyJob, stopDailyJob } from "./daily-job.server";
import { startWebhookSweep, stopWebhookSweep } from "./webhooks.server";

/**
 * Brand protection's work beside the requests, started by the server (server.js) in every process
 * that serves: the daily job (a lease in the database lets one of them run it each day) and the
 * webhook retries (a lease per delivery). Timers are unref'd: they never keep a process alive.
 */
export function startProtectionJobs(): void {
  startDailyJob();
  startWebhookSweep();
}

export function stopProtectionJobs(): void {
  stopDailyJob();
  stopWebhookSweep();
}
