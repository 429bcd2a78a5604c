import { redirect } from "react-router";
import type { Alert, AlertStatus } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { alertScans, getAlert, listAlerts, ALERT_STATUSES } from "~/features/alerts/alerts.server";
import { parseDetail } from "~/features/alerts/alert-store.server";
import { scanJson } from "~/features/scans/json";
import { runsById } from "~/features/scans/scan-log.server";

/** `?status=` of the alerts screen: a known status, or every alert. */
export function parseAlertTab(value: string | null): AlertStatus | "all" {
  return ALERT_STATUSES.find((s) => s === value) ?? "all";
}

/** An alert as the screens show it. */
export function presentAlert(alert: Alert) {
  const product = alert.product_id ? getProduct(alert.product_id) : undefined;
  return {
    id: alert.id,
    kind: alert.kind,
    status: alert.status,
    code: alert.code,
    batch_id: alert.batch_id,
    product: product ? { name: product.name, name_ar: product.nameAr } : null,
    detail: parseDetail(alert),
    scans_count: alert.scans_count,
    created_at: alert.created_at,
    updated_at: alert.updated_at,
    acknowledged_at: alert.acknowledged_at,
    acknowledged_by: alert.acknowledged_by,
    closed_at: alert.closed_at,
    closed_by: alert.closed_by,
  };
}

export type AlertRow = ReturnType<typeof presentAlert>;

/** The alerts screen for its URL: the status tab, the page (past the end: the last page), the rows. */
export async function loadAlertsScreen(request: Request) {
  const url = new URL(request.url);
  const tab = parseAlertTab(url.searchParams.get("status"));
  const page = parsePage(url.searchParams.get("page"));
  const list = await listAlerts(tab === "all" ? undefined : tab, page);
  if (isPastEnd(list.pagination)) throw redirect(withPage(url.pathname, url.search, list.pagination.total_pages, ["lng"]));
  return { tab, page, pagination: list.pagination, alerts: list.items.map(presentAlert) };
}

export type AlertsScreenData = Awaited<ReturnType<typeof loadAlertsScreen>>;

/** One alert, its print run (lot and product, when it has one) and a page of the scans it lists; an unknown id is a 404. */
export async function loadAlertScreen(request: Request, id: string | undefined) {
  const alert = await getAlert(id);
  if (!alert) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const [scans, runs] = await Promise.all([alertScans(alert.id, page), runsById([alert.batch_id])]);
  if (isPastEnd(scans.pagination)) throw redirect(withPage(url.pathname, url.search, scans.pagination.total_pages, ["lng"]));
  const run = alert.batch_id ? (runs[alert.batch_id] ?? null) : null;
  return { alert: presentAlert(alert), run, page, pagination: scans.pagination, scans: scans.items.map(scanJson) };
}

export type AlertScreenData = Awaited<ReturnType<typeof loadAlertScreen>>;
