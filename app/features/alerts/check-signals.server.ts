import type { Transaction } from "kysely";
import type { Alert, Database, Scan } from "@db/schema";
import { env } from "~/platform/lib/env.server";
import { kickMail } from "~/platform/mail/mail.server";
import { addToDaily } from "~/features/scans/daily.server";
import { onCheck, type CheckLimit, type CheckRound } from "~/features/check/check-hook.server";
import { enqueueWebhooks, kickWebhooks, type WebhookMessage } from "~/features/webhooks/webhooks.server";
import { applyIntents, parseDetail } from "./alert-store.server";
import { alertJson } from "./json";
import { queueAlertNotices } from "~/platform/notices/alert-notices.server";
import { signalIntents, type LimitHit } from "./signals.server";

/**
 * One refusal episode per client and limit window: a refusal while the client's last recorded
 * window is still running is the same episode.
 */
async function recordLimitHit(trx: Transaction<Database>, hit: LimitHit, at: string): Promise<void> {
  const running = await trx
    .selectFrom("verify_limit_hits")
    .select("window_end")
    .where("client_hash", "=", hit.clientHash)
    .where("window_end", ">", at)
    .limit(1)
    .executeTakeFirst();
  if (running) return;
  await trx
    .insertInto("verify_limit_hits")
    .values({ client_hash: hit.clientHash, window_end: hit.windowEnd, created_at: at })
    .onConflict((oc) => oc.columns(["client_hash", "window_end"]).doNothing())
    .execute();
}

/** The webhook announcing a new alert, or a change of its status (its body: `{"event":"alert.created","alert":{…}}`). */
export function alertWebhook(alert: Alert, siteUrl: string, event: "alert.created" | "alert.updated" = "alert.created"): WebhookMessage {
  return {
    event,
    subjectId: alert.id,
    data: { alert: { ...alertJson(alert), product_id: alert.product_id, detail: parseDetail(alert), url: `${siteUrl}/admin/dashboard/alerts/${alert.id}` } },
  };
}

/**
 * What brand protection adds to a shopper's check: a round of verification's check hook
 * (app/features/check/check-hook.server.ts), registered by `listenToChecks`.
 * One `CheckSignals` goes with one check transaction (a group-committed batch of checks): each check
 * hands it the scan it recorded, or the limit refusal it answered, which costs nothing; `flush`, at
 * the end of the same transaction, records the limit hits, evaluates the signals, writes the alerts
 * with their webhook deliveries and the members' immediate notices (decision 164: one recipients' query,
 * only when an alert was opened), and adds the scans to the daily aggregates, in that fixed order;
 * `committed`, after the commit, starts the webhook and mail delivery beside the requests.
 */
export class CheckSignals implements CheckRound {
  private readonly scans: Scan[] = [];
  /** Views counted without a row: the daily figures only. */
  private readonly countedOnly: Scan[] = [];
  private readonly hits = new Map<string, LimitHit>();
  private opened = 0;
  private mailed = 0;

  /** A check recorded this scan. */
  scan(scan: Scan): void {
    this.scans.push(scan);
  }

  counted(scan: Scan): void {
    this.countedOnly.push(scan);
  }

  /**
   * A check was refused by the verification limit, whose window ends in `retryAfterSeconds`. A pack's
   * wrong-PIN limit is not a hit here: the guessing signal counts the wrong PINs themselves.
   */
  limitHit(clientHash: string, retryAfterSeconds: number, limit: CheckLimit, now = new Date()): void {
    if (limit !== "checks" || this.hits.has(clientHash)) return;
    this.hits.set(clientHash, { clientHash, windowEnd: new Date(now.getTime() + retryAfterSeconds * 1000).toISOString() });
  }

  async flush(trx: Transaction<Database>, now = new Date()): Promise<void> {
    const at = now.toISOString();
    const hits = [...this.hits.values()].sort((a, b) => (a.clientHash < b.clientHash ? -1 : 1));
    for (const hit of hits) await recordLimitHit(trx, hit, at);
    if (this.scans.length > 0 || hits.length > 0) {
      const opened = await applyIntents(trx, await signalIntents(trx, this.scans, hits, now), now);
      if (opened.length > 0) {
        const siteUrl = env().SITE_URL;
        this.opened += await enqueueWebhooks(trx, opened.map((alert) => alertWebhook(alert, siteUrl)), now);
        this.mailed += await queueAlertNotices(trx, opened, now);
      }
    }
    await addToDaily(trx, this.countedOnly.length > 0 ? [...this.scans, ...this.countedOnly] : this.scans);
  }

  /** After the commit: announce what this transaction opened, without making anyone wait. */
  committed(): void {
    if (this.opened > 0) kickWebhooks();
    if (this.mailed > 0) kickMail();
  }
}

/**
 * Brand protection listens to every shopper's check from now on (once per process: the server's
 * start-up in app/runtime.server.ts, the unit tests' setup, the signals benchmark).
 */
export function listenToChecks(): void {
  onCheck("alerts", () => new CheckSignals());
}
