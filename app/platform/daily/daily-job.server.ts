import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { getDb } from "@db/db.server";
import type { Database } from "@db/schema";
import { env } from "~/platform/lib/env.server";
import { dayOf, firstRetainedDay, startOfDay } from "~/platform/lib/days";

/**
 * The daily job (decision 090): deletes scans older than SCAN_RETENTION_DAYS (their daily
 * aggregates stay), and prunes the limit-hit records and finished webhook deliveries it no longer
 * needs, then runs the tasks other features added (`onDailyJob`: registered buyers' retention, the members' digest of alerts and reports). Every worker of every instance asks once an hour; a lease in `job_runs` lets exactly one
 * of them run it per UTC day (a runner that dies mid-way loses its lease after LEASE_MS and the job
 * is taken up again).
 */

const JOB = "daily";
const LEASE_MS = 15 * 60_000;
const CHUNK = 2_000;
const HOUR = 3_600_000;

export type DailyResult = {
  day: string;
  scansDeleted: number;
  limitHitsDeleted: number;
  deliveriesDeleted: number;
  retainedFrom: string;
  /** What the tasks other features added (`onDailyJob`) reported, by task name. */
  tasks: Record<string, Record<string, number>>;
};

/** A retention task another feature runs in the daily job (registered by app/runtime.server.ts): its counts. */
export type DailyTask = (db: Kysely<Database>, now: Date) => Promise<Record<string, number>>;

const tasks = new Map<string, DailyTask>();

/** Adds a task to the daily job (one per name): the features above this one delete what they keep for a time here. */
export function onDailyJob(name: string, task: DailyTask): void {
  tasks.set(name, task);
}

/** Takes today's run for this holder, or says someone else has it (or it already ran today). */
export async function claimDailyRun(db: Kysely<Database>, holder: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  await db.insertInto("job_runs").values({ name: JOB, last_day: null, lease_holder: null, lease_until: null, started_at: null, finished_at: null, result: null }).onConflict((oc) => oc.column("name").doNothing()).execute();
  const claimed = await db
    .updateTable("job_runs")
    .set({ lease_holder: holder, lease_until: new Date(now.getTime() + LEASE_MS).toISOString(), started_at: at })
    .where("name", "=", JOB)
    .where((eb) => eb.or([eb("last_day", "is", null), eb("last_day", "<", dayOf(now))]))
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
    .returning("name")
    .executeTakeFirst();
  return Boolean(claimed);
}

/** Deletes the scans before `before`, a chunk per statement (each a short write of its own). */
async function deleteScansBefore(db: Kysely<Database>, before: string): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom("scans")
      .where("id", "in", (eb) => eb.selectFrom("scans").select("id").where("created_at", "<", before).limit(CHUNK))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < CHUNK) return total;
  }
}

/** The job's work, for `now`. */
export async function runRetention(db: Kysely<Database>, now: Date, retentionDays = env().SCAN_RETENTION_DAYS): Promise<DailyResult> {
  const retainedFrom = firstRetainedDay(now, retentionDays);
  const scansDeleted = await deleteScansBefore(db, startOfDay(retainedFrom));
  const hits = await db.deleteFrom("verify_limit_hits").where("created_at", "<", new Date(now.getTime() - 48 * HOUR).toISOString()).executeTakeFirst();
  const deliveries = await db
    .deleteFrom("webhook_deliveries")
    .where("status", "<>", "pending")
    .where("created_at", "<", new Date(now.getTime() - 30 * 24 * HOUR).toISOString())
    .executeTakeFirst();
  const limitHitsDeleted = Number(hits.numDeletedRows);
  const deliveriesDeleted = Number(deliveries.numDeletedRows);
  const done: DailyResult["tasks"] = {};
  for (const [name, task] of tasks) done[name] = await task(db, now);
  return { day: dayOf(now), scansDeleted, limitHitsDeleted, deliveriesDeleted, retainedFrom, tasks: done };
}

/** Runs today's job if no one has (this worker or another); null when it was not this one's turn. */
export async function runDailyJob(options: { now?: Date; holder?: string; db?: Kysely<Database> } = {}): Promise<DailyResult | null> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const holder = options.holder ?? `${process.pid}-${randomUUID()}`;
  if (!(await claimDailyRun(db, holder, now))) return null;
  try {
    const result = await runRetention(db, now);
    await db
      .updateTable("job_runs")
      .set({ last_day: result.day, lease_holder: null, lease_until: null, finished_at: new Date().toISOString(), result: JSON.stringify(result) })
      .where("name", "=", JOB)
      .where("lease_holder", "=", holder)
      .execute();
    console.log(`Daily job: ${result.scansDeleted} scans before ${result.retainedFrom} deleted, ${result.limitHitsDeleted} limit hits, ${result.deliveriesDeleted} webhook deliveries pruned`);
    return result;
  } catch (error) {
    // Give the lease back, so the next hourly attempt (here or elsewhere) retries.
    await db.updateTable("job_runs").set({ lease_holder: null, lease_until: null }).where("name", "=", JOB).where("lease_holder", "=", holder).execute();
    throw error;
  }
}

let timer: NodeJS.Timeout | null = null;

/** Asks every hour (and a minute after start) whether today's job still needs running. */
export function startDailyJob(): void {
  if (timer) return;
  const attempt = () => void runDailyJob().catch((error: unknown) => console.error("Daily job failed:", error));
  const first = setTimeout(attempt, 60_000);
  first.unref();
  timer = setInterval(attempt, HOUR);
  timer.unref();
}

export function stopDailyJob(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
