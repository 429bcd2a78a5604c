import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { getConnection, observeWriteLock } from "@db/db.server";
import type { Scan, ScanOutcome } from "@db/schema";
import { log } from "~/platform/lib/log.server";
import { onCheck, type CheckRound } from "~/features/check/check-hook.server";
import { SCAN_OUTCOMES } from "~/platform/codes/outcomes";
import { shownOutcome } from "~/platform/codes/outcomes";
import { outboxDepth, type OutboxDepth } from "~/platform/outbox/outbox.server";

/**
 * The figures `GET /metrics` shows (decision 158), named by Prometheus conventions, in one registry
 * per serving process; server.js sums the workers' registries (prom-client's AggregatorRegistry,
 * serving.server.ts). Created on first use, so the cluster's primary, which serves nothing, keeps none.
 */

/**
 * The outboxes whose depth is read at scrape time, by the `outbox` label (a new outbox adds its line).
 */
const OUTBOXES: Record<string, () => Promise<OutboxDepth>> = {
  webhooks: () => outboxDepth("webhook_deliveries"),
  mails: () => outboxDepth("mail_outbox"),
};

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
export const CHECK_OUTCOMES: readonly (ScanOutcome | "rate_limited")[] = [...SCAN_OUTCOMES, "rate_limited"];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  // Process memory, CPU, handles, heap spaces, garbage collection, event-loop lag (nodejs_eventloop_lag_seconds…).
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern (never the raw URL), method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const verifications = new Counter({
    name: "verifications_total",
    help: "Shoppers' checks of a code, a pack's PIN or an NFC tag's tap, by outcome (rate_limited: refused by the verification limit or a pack's wrong-PIN limit).",
    labelNames: ["outcome"] as const,
    registers,
  });
  for (const outcome of CHECK_OUTCOMES) verifications.inc({ outcome }, 0);

  // Read from the database when scraped (once for both gauges, which the registry collects at the same
  // time); every worker reads the same rows, so the cluster's figure is the first worker's, not a sum.
  let reading: Promise<[string, OutboxDepth | undefined][]> | undefined;
  const readOutboxes = () => {
    reading ??= Promise.all(
      Object.entries(OUTBOXES).map(async ([outbox, read]): Promise<[string, OutboxDepth | undefined]> => {
        try {
          return [outbox, await read()];
        } catch (error) {
          log().warn("metrics: reading an outbox failed", { outbox, err: error });
          return [outbox, undefined];
        }
      }),
    ).finally(() => (reading = undefined));
    return reading;
  };
  const outboxGauge = (name: string, help: string, value: (depth: OutboxDepth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["outbox"] as const,
      aggregator: "first",
      registers,
      async collect() {
        for (const [outbox, depth] of await readOutboxes()) if (depth) this.set({ outbox }, value(depth));
      },
    });
  outboxGauge("outbox_pending_messages", "Messages waiting in an outbox (webhook deliveries not yet delivered or given up).", (d) => d.pending);
  outboxGauge("outbox_oldest_pending_age_seconds", "How long the oldest message waiting in an outbox has waited (0 when none waits).", (d) => d.oldestAgeSeconds);

  const lockWait = new Histogram({
    name: "db_write_lock_wait_seconds",
    help: "SQLite: how long each write transaction waited for the database's write lock (decision 138).",
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const lockWaits = new Counter({
    name: "db_write_lock_waits_total",
    help: "SQLite: write transactions that found the write lock held by another transaction or process and waited.",
    registers,
  });
  observeWriteLock((seconds) => {
    lockWait.observe(seconds);
    if (seconds > 0) lockWaits.inc();
  });

  // PostgreSQL: this process's connection pool (summed over the workers). SQLite has one connection.
  const pool = async () => {
    const connection = await getConnection().catch(() => undefined);
    return connection?.engine === "postgres" ? connection.pool : undefined;
  };
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL: connections of the pool, by state (idle, in_use).",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      const current = await pool();
      if (!current) return;
      this.set({ state: "idle" }, current.idleCount);
      this.set({ state: "in_use" }, current.totalCount - current.idleCount);
    },
  });
  new Gauge({
    name: "db_pool_waiting_requests",
    help: "PostgreSQL: queries waiting for a free connection of the pool.",
    registers,
    async collect() {
      const current = await pool();
      if (current) this.set(current.waitingCount);
    },
  });

  return { registry, httpRequests, httpDuration, verifications };
}

let made: ReturnType<typeof createMetrics> | undefined;

/** This process's metrics, made on first use. */
export function metrics(): ReturnType<typeof createMetrics> {
  made ??= createMetrics();
  return made;
}

/** One answered request, under its route's pattern (route-pattern.ts). */
export function recordRequest(route: string, method: string, status: number, seconds: number): void {
  const m = metrics();
  const verb = METHODS.has(method) ? method : "OTHER";
  m.httpRequests.inc({ route, method: verb, status: String(status) });
  m.httpDuration.observe({ route, method: verb }, seconds);
}

/** This process's metrics in Prometheus' text format. */
export function localMetricsText(): Promise<string> {
  return metrics().registry.metrics();
}

/**
 * Counts the shoppers' checks through verification's check hook: once the check's transaction is
 * committed, one per check (codes and packs' PIN redemptions; a pack page's view is not a check) and
 * one per refusal by a limit (the verification limit, a pack's wrong-PIN limit).
 */
class CheckCount implements CheckRound {
  private readonly outcomes: (ScanOutcome | "rate_limited")[] = [];
  scan(scan: Scan): void {
    // A genuine check of a recalled run's code counts as `recalled`, as the scan log and analytics say.
    if (scan.kind === "check") this.outcomes.push(shownOutcome(scan));
  }
  counted(): void {}
  limitHit(): void {
    this.outcomes.push("rate_limited");
  }
  async flush(): Promise<void> {}
  committed(): void {
    const { verifications } = metrics();
    for (const outcome of this.outcomes) verifications.inc({ outcome });
  }
}

/** Registers the count of checks on verification's hook (at start-up: app/runtime.server.ts). */
export function countChecks(): void {
  onCheck("metrics", () => new CheckCount());
}
