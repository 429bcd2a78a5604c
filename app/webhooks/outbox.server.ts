import { getDb } from "@db/db.server";

/** What is waiting in an outbox: how many messages, and how long the oldest has waited (seconds, 0 when none). */
export type OutboxDepth = { pending: number; oldestAgeSeconds: number };

/** The webhook outbox (`webhook_deliveries` still pending), read when the metrics are scraped. */
export async function webhookOutboxDepth(now = new Date()): Promise<OutboxDepth> {
  const db = await getDb();
  const row = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => [eb.fn.countAll<number>().as("pending"), eb.fn.min("created_at").as("oldest")])
    .where("status", "=", "pending")
    .executeTakeFirst();
  const oldest = row?.oldest ? Date.parse(row.oldest) : Number.NaN;
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number.isFinite(oldest) ? Math.max(0, (now.getTime() - oldest) / 1000) : 0 };
}
