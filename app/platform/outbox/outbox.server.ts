import type { Kysely } from "kysely";
import { getDb } from "@db/db.server";
import type { Database, OutboxColumns } from "@db/schema";

/**
 * The durable outbox (decisions 092 and 159): one delivery mechanism for everything the site sends
 * to the outside world after a request has answered (webhook deliveries, mails). A feature writes
 * its rows in the transaction that decided them, so a crash loses nothing; a loop beside the
 * requests sends what is due, one channel at a time. A lease on each row lets any number of
 * workers and instances run that loop without sending one row twice at once; a failed send is
 * retried with exponential backoff until the channel's attempts run out.
 *
 * A channel owns a table with the columns of `OutboxRow` (plus its own: URL, payload, recipient…)
 * and says how one row is sent. This module never knows what it sends.
 */

/** The tables that hold an outbox's rows; each has at least the columns of `OutboxRow`. */
export type OutboxTable = "webhook_deliveries" | "mail_outbox" | "account_mail_requests";

/** The columns the mechanism reads and writes, common to every outbox table (declared in db/schema.ts). */
export type OutboxRow = OutboxColumns;

/** What one attempt came to; `fields` are the channel's own columns to record with it. */
export type SendResult = { ok: boolean; status: number | null; error: string | null; fields?: Record<string, unknown> };

export type Channel<Row extends OutboxRow = OutboxRow> = {
  /** A short name for logs ("webhook", "mail"). */
  name: string;
  table: OutboxTable;
  maxAttempts: number;
  /** The first retry waits this long; each later one twice as long, at most an hour. */
  baseDelayMs: number;
  /** Whether this process sends at all (a channel with nowhere to send stays idle). */
  enabled(): boolean;
  /** Sends one row; `attempt` counts from 1. Never throws: a failure is a result. */
  send(row: Row, attempt: number): Promise<SendResult>;
};

const MAX_DELAY_MS = 60 * 60_000;
const LEASE_MS = 60_000;
const SWEEP_MS = 15_000;
const BATCH = 20;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number, base: number): number {
  return Math.min(MAX_DELAY_MS, base * 2 ** Math.max(0, attempts - 1));
}

type OutboxDatabase = Record<OutboxTable, OutboxRow>;

/** The outbox tables seen through their common columns only. */
function outboxDb(db: Kysely<Database>): Kysely<OutboxDatabase> {
  return db as unknown as Kysely<OutboxDatabase>;
}

/**
 * Claims one row for this process, for the attempt after `row.attempts`: one conditional UPDATE on the
 * row's state AND its attempt number, so only one claimant wins, and a row another process has just
 * tried (its attempts moved on, its next attempt put off by the backoff) is not taken again from a
 * list read before that. Returns the lease's end, which the outcome's write must still find, or null.
 */
async function claim(db: Kysely<OutboxDatabase>, table: OutboxTable, row: OutboxRow, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const claimed = await db
    .updateTable(table)
    .set({ lease_until: lease })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .where("attempts", "=", row.attempts)
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
    .returning("id")
    .executeTakeFirst();
  return claimed ? lease : null;
}

export type Outcome = { id: string; delivered: boolean; status: number | null; error: string | null };

export type DeliveryOptions = { now?: () => Date; baseDelayMs?: number; db?: Kysely<Database> };

/**
 * Sends every row of the channel that is due, one at a time, and records each outcome: delivered,
 * or the next attempt after the backoff, or failed for good after the channel's last attempt. Each
 * row of the list read is claimed for its own next attempt (`claim`): a row is sent at most once per
 * attempt, whichever workers and instances run this loop at once.
 */
export async function deliverDue<Row extends OutboxRow>(channel: Channel<Row>, options: DeliveryOptions = {}): Promise<Outcome[]> {
  const db = outboxDb(options.db ?? (await getDb()));
  const clock = options.now ?? (() => new Date());
  const outcomes: Outcome[] = [];
  for (;;) {
    const now = clock();
    const at = now.toISOString();
    const due = await db
      .selectFrom(channel.table)
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .orderBy("next_attempt_at")
      .limit(BATCH)
      .execute();
    let claimedAny = false;
    for (const row of due) {
      const lease = await claim(db, channel.table, row, now);
      if (!lease) continue;
      claimedAny = true;
      const attempt = row.attempts + 1;
      const result = await channel.send(row as Row, attempt);
      const finished = clock();
      const failedForGood = !result.ok && attempt >= channel.maxAttempts;
      const retryAt = new Date(finished.getTime() + backoffMs(attempt, options.baseDelayMs ?? channel.baseDelayMs));
      await db
        .updateTable(channel.table)
        .set({
          ...(result.fields as Partial<OutboxRow> | undefined),
          attempts: attempt,
          status: result.ok ? "delivered" : failedForGood ? "failed" : "pending",
          delivered_at: result.ok ? finished.toISOString() : null,
          next_attempt_at: (result.ok || failedForGood ? finished : retryAt).toISOString(),
          lease_until: null,
          last_status: result.status,
          last_error: result.error,
        })
        .where("id", "=", row.id)
        // Still this attempt's lease: an attempt that outlived it has been taken over and is not recorded twice.
        .where("lease_until", "=", lease)
        .where("attempts", "=", row.attempts)
        .execute();
      if (!result.ok) console.warn(`Outbox ${channel.name} ${row.id} attempt ${attempt} failed (${result.error})${failedForGood ? ": giving up" : ""}`);
      outcomes.push({ id: row.id, delivered: result.ok, status: result.status, error: result.error });
    }
    if (!claimedAny) return outcomes;
  }
}

type Loop = { running: Promise<unknown> | null; again: boolean; sweep: NodeJS.Timeout | null };
const loops = new Map<string, Loop>();

function loopOf(channel: Channel<never>): Loop {
  let loop = loops.get(channel.name);
  if (!loop) loops.set(channel.name, (loop = { running: null, again: false, sweep: null }));
  return loop;
}

/**
 * Sends what is due now, beside the requests (never awaited by a request). Called after a
 * transaction queued rows, and by the sweep for retries; a call while sending runs once more after.
 */
export function kick<Row extends OutboxRow>(channel: Channel<Row>): void {
  if (!channel.enabled()) return;
  const loop = loopOf(channel as Channel<never>);
  if (loop.running) {
    loop.again = true;
    return;
  }
  loop.running = new Promise((resolve) => setImmediate(resolve))
    .then(() => deliverDue(channel))
    .catch((error: unknown) => console.error(`Outbox ${channel.name} delivery failed:`, error))
    .finally(() => {
      loop.running = null;
      if (loop.again) {
        loop.again = false;
        kick(channel);
      }
    });
}

/** Retries in the background: every 15 s this process sends what has become due. */
export function startSweep<Row extends OutboxRow>(channel: Channel<Row>): void {
  const loop = loopOf(channel as Channel<never>);
  if (loop.sweep || !channel.enabled()) return;
  loop.sweep = setInterval(() => kick(channel), SWEEP_MS);
  loop.sweep.unref();
  kick(channel);
}

export function stopSweep<Row extends OutboxRow>(channel: Channel<Row>): void {
  const loop = loopOf(channel as Channel<never>);
  if (loop.sweep) clearInterval(loop.sweep);
  loop.sweep = null;
}

/** What is waiting in an outbox: how many rows, and how long the oldest has waited (seconds, 0 when none). */
export type OutboxDepth = { pending: number; oldestAgeSeconds: number };

/** An outbox's pending rows, read when the metrics are scraped. */
export async function outboxDepth(table: OutboxTable, now = new Date()): Promise<OutboxDepth> {
  const db = outboxDb(await getDb());
  const row = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as("pending"), eb.fn.min("created_at").as("oldest")])
    .where("status", "=", "pending")
    .executeTakeFirst();
  const oldest = row?.oldest ? Date.parse(row.oldest) : Number.NaN;
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0 };
}
