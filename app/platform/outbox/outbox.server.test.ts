import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { deliverDue, type Channel, type OutboxRow } from "./outbox.server";

/** Three due mails in the real outbox table. */
async function queueThree(): Promise<string[]> {
  const db = await getDb();
  const at = new Date(Date.now() - 1000).toISOString();
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  await db
    .insertInto("mail_outbox")
    .values(
      ids.map((id, i) => ({
        id,
        recipient: `outbox-${i}@example.com`,
        subject: "s",
        html: "h",
        text: "t",
        headers: "{}",
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: at,
        lease_until: null,
        last_status: null,
        last_error: null,
        created_at: at,
        delivered_at: null,
      })),
    )
    .execute();
  return ids;
}

/** A channel whose every attempt fails, recording (row, attempt); `hold` keeps the first attempt waiting. */
function failingChannel(sent: string[], hold?: Promise<void>): Channel<OutboxRow> {
  let first = true;
  return {
    name: "test",
    table: "mail_outbox",
    maxAttempts: 5,
    baseDelayMs: 60_000,
    enabled: () => true,
    async send(row, attempt) {
      sent.push(`${row.id}#${attempt}`);
      if (first && hold) {
        first = false;
        await hold;
      }
      return { ok: false, status: 500, error: "refused" };
    },
  };
}

describe("the outbox's claim (issue 42, N4)", () => {
  it("sends a row at most once per attempt when two workers work through the same due rows", async () => {
    const ids = await queueThree();
    const sent: string[] = [];
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    // Worker A reads the three due rows and is held on its first; worker B meanwhile takes the other
    // two, fails them (lease cleared, attempt 1 recorded, the next one a minute away).
    const a = deliverDue(failingChannel(sent, hold));
    await expect.poll(() => sent.length).toBe(1);
    const b = await deliverDue(failingChannel(sent));
    expect(b).toHaveLength(2);
    release();
    await a;
    // A's list is stale: the rows B failed are not sent again by A (nor before their backoff).
    const counts = new Map<string, number>();
    for (const key of sent) counts.set(key, (counts.get(key) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(sent).toHaveLength(3);
    const db = await getDb();
    const rows = await db.selectFrom("mail_outbox").select(["id", "attempts", "status", "lease_until"]).where("id", "in", ids).execute();
    expect(rows.map((r) => [r.attempts, r.status, r.lease_until])).toEqual([
      [1, "pending", null],
      [1, "pending", null],
      [1, "pending", null],
    ]);
  });
});
