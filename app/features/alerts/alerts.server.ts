import type { Kysely } from "kysely";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Alert, AlertStatus, Database, Scan } from "@db/schema";
import type { AdminIdentity } from "~/platform/access/identity";
import { env } from "~/platform/lib/env.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import { enqueueWebhooks, kickWebhooks } from "~/features/webhooks/webhooks.server";
import { alertWebhook } from "./check-signals.server";
import type { AlertError } from "./errors";

/**
 * Alerts as admins see them: the list (by status, most recently active first), one alert with the
 * scans it lists, and the moves open → acknowledged → closed, each with who and when.
 */

export const ALERT_STATUSES = ["open", "acknowledged", "closed"] as const satisfies readonly AlertStatus[];

/** Which status each status may move to (nothing moves back). */
const NEXT: Record<AlertStatus, readonly AlertStatus[]> = {
  open: ["acknowledged", "closed"],
  acknowledged: ["closed"],
  closed: [],
};

const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

/** One page of alerts, most recently updated first; `status` narrows it. */
export async function listAlerts(status: AlertStatus | undefined, page: number, db?: Kysely<Database>): Promise<Page<Alert>> {
  const handle = db ?? (await getDb());
  const scope = handle.selectFrom("alerts").$if(Boolean(status), (qb) => qb.where("status", "=", status!));
  const { count } = await scope.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return readPage(Number(count), page, (offset, limit) =>
    scope.selectAll().orderBy("updated_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

/** How many alerts are open and acknowledged (the dashboard's counts). */
export async function alertCounts(): Promise<{ open: number; acknowledged: number }> {
  const db = await getDb();
  const rows = await db
    .selectFrom("alerts")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "<>", "closed")
    .groupBy("status")
    .execute();
  const of = (s: AlertStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { open: of("open"), acknowledged: of("acknowledged") };
}

export async function getAlert(id: unknown): Promise<Alert | undefined> {
  if (!plausibleId(id)) return undefined;
  const db = await getDb();
  return db.selectFrom("alerts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The alerts of these ids (one query): what each is about, for naming it elsewhere (the audit trail). */
export async function alertsByIds(ids: readonly string[]): Promise<Pick<Alert, "id" | "kind" | "code">[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db.selectFrom("alerts").select(["id", "kind", "code"]).where("id", "in", [...new Set(ids)]).execute();
}

/** One page of the scans an alert lists, newest first. */
export async function alertScans(alertId: string, page: number): Promise<Page<Scan>> {
  const db = await getDb();
  const { count } = await db
    .selectFrom("alert_scans")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("alert_id", "=", alertId)
    .executeTakeFirstOrThrow();
  return readPage(Number(count), page, (offset, limit) =>
    db
      .selectFrom("alert_scans")
      .innerJoin("scans", "scans.id", "alert_scans.scan_id")
      .selectAll("scans")
      .where("alert_scans.alert_id", "=", alertId)
      .orderBy("scans.created_at", "desc")
      .orderBy("scans.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/**
 * Moves an alert along: open → acknowledged, open or acknowledged → closed, recording who and when.
 * One conditional UPDATE, so two admins acting at once cannot both move it.
 */
export async function changeAlertStatus(id: unknown, to: AlertStatus, admin: AdminIdentity, clientHash: string | null = null): Promise<Result<Alert, AlertError>> {
  if (!plausibleId(id)) return fail("alert_not_found");
  const from = (Object.keys(NEXT) as AlertStatus[]).filter((status) => NEXT[status].includes(to));
  const db = await getDb();
  const at = new Date().toISOString();
  const moved =
    from.length === 0
      ? undefined
      : await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable("alerts")
            .set({
              status: to,
              updated_at: at,
              ...(to === "acknowledged" ? { acknowledged_at: at, acknowledged_by: admin.username } : {}),
              ...(to === "closed" ? { closed_at: at, closed_by: admin.username } : {}),
            })
            .where("id", "=", id)
            .where("status", "in", from)
            .returningAll()
            .executeTakeFirst();
          // The webhook event `alert.updated`, in the same transaction as the change it announces.
          return row && { ...row, queued: await enqueueWebhooks(trx, [alertWebhook(row, env().SITE_URL, "alert.updated")], new Date(at)) };
        });
  if (moved) {
    const { queued, ...alert } = moved;
    if (queued > 0) kickWebhooks();
    await recordAudit({ action: "alert.status_changed", actor: admin, clientHash, target: `alert:${alert.id}`, detail: { kind: alert.kind, status: to } });
    return ok(alert);
  }
  return fail((await getAlert(id)) ? "alert_transition" : "alert_not_found");
}
