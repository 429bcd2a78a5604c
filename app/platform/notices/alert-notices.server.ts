import type { Kysely, Transaction } from "kysely";
import type { Alert, Database } from "@db/schema";
import { noticeRecipients, queueNotices } from "~/platform/notices/notices.server";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { fixedT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { isolated, ownDirection } from "~/platform/lib/bidi";
import { mailDate } from "~/platform/mail/render.server";

/**
 * Members' notices about new alerts (decision 164): an alert is named by its kind, product and lot,
 * never by a code, a serial or a client; its link is its admin page. Queued in the check's transaction
 * that opened it (`CheckSignals.flush`), only when one was opened; the daily digest reads
 * `alertsRaised`.
 */

/** An alert as a notice names it. */
export type NamedAlert = Pick<Alert, "id" | "kind" | "product_id" | "created_at"> & { lot: string | null };

export const alertPath = (id: string) => `/admin/dashboard/alerts/${id}`;

type Db = Kysely<Database> | Transaction<Database>;

/** The lots of these alerts' runs (one query when any has a run). */
async function withLots(db: Db, alerts: readonly Pick<Alert, "id" | "kind" | "product_id" | "batch_id" | "created_at">[]): Promise<NamedAlert[]> {
  const runIds = [...new Set(alerts.flatMap((alert) => (alert.batch_id ? [alert.batch_id] : [])))];
  const runs = runIds.length > 0 ? await db.selectFrom("batches").select(["id", "lot"]).where("id", "in", runIds).execute() : [];
  const lots = new Map(runs.map((run) => [run.id, run.lot]));
  return alerts.map(({ id, kind, product_id, batch_id, created_at }) => ({ id, kind, product_id, created_at, lot: batch_id ? (lots.get(batch_id) ?? null) : null }));
}

/** An alert's words in a language: its kind, and what it is about (product and lot, the lot left to right). */
export function alertWords(alert: NamedAlert, lang: Language): { kind: string; about: string } {
  const t = fixedT(lang, "mail");
  const kind = fixedT(lang, "protection")(`alerts.kinds.${alert.kind}`);
  const product = alert.product_id ? getProduct(alert.product_id) : undefined;
  const name = product ? productName(product, lang) : alert.product_id;
  if (!name) return { kind, about: t("notices.noProduct") };
  if (!alert.lot) return { kind, about: ownDirection(name) };
  return { kind, about: t("notices.productLot", isolated({ product: name, lot: alert.lot }, ["product"])) };
}

/** In the transaction that opened these alerts: one mail per alert to each member who wants them at once. Returns how many. */
export async function queueAlertNotices(trx: Transaction<Database>, alerts: readonly Alert[], now: Date): Promise<number> {
  if (alerts.length === 0) return 0;
  const recipients = await noticeRecipients(trx, "immediate", "alerts:read");
  if (recipients.length === 0) return 0;
  const named = await withLots(trx, alerts);
  const notices = recipients.flatMap((to) =>
    named.map((alert) => {
      const t = fixedT(to.lang, "mail");
      const words = alertWords(alert, to.lang);
      return {
        to,
        subject: t("notices.alertSubject", words),
        lines: [t("notices.alertIntro", words), t("notices.raised", { date: mailDate(new Date(alert.created_at), to.lang) })],
        action: { label: t("notices.alertAction"), path: alertPath(alert.id) },
      };
    }),
  );
  return queueNotices(trx, notices, now);
}

/** The alerts raised in [from, to): how many, and the first `limit` of them, oldest first. */
export async function alertsRaised(db: Db, from: string, to: string, limit: number): Promise<{ total: number; items: NamedAlert[] }> {
  const within = db.selectFrom("alerts").where("created_at", ">=", from).where("created_at", "<", to);
  const counted = await within.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { total, items: [] };
  const rows = await within.select(["id", "kind", "product_id", "batch_id", "created_at"]).orderBy("created_at").orderBy("id").limit(limit).execute();
  return { total, items: await withLots(db, rows) };
}
