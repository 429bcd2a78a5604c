import { redirect, type RouterContextProvider } from "react-router";
import type { Report, ReportStatus } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { countryOptions, isCountryCode } from "~/platform/i18n/countries";
import { codeHistory, runsById } from "~/features/scans/scan-log.server";
import { scanJson } from "~/features/scans/json";
import { findScan } from "~/features/check/scan-writer.server";
import { getReport, listReports, REPORT_STATUSES, reportNotes } from "~/features/reports/reports.server";

/** `?status=` of the reports screen: a known status, or every report. */
export function parseReportTab(value: string | null): ReportStatus | "all" {
  return REPORT_STATUSES.find((s) => s === value) ?? "all";
}

function presentReport(report: Report) {
  const product = report.product_id ? getProduct(report.product_id) : undefined;
  return {
    id: report.id,
    reference: report.reference,
    status: report.status,
    outcome: report.outcome,
    code: report.code,
    product: product ? { name: product.name, name_ar: product.nameAr } : null,
    batch_id: report.batch_id,
    seller: report.seller,
    city: report.city,
    country: report.country,
    purchased_on: report.purchased_on,
    contact: report.contact,
    consent_at: report.consent_at,
    has_photo: report.photo_name !== null,
    scan_id: report.scan_id,
    scan_country: report.scan_country,
    scanned_at: report.scanned_at,
    lang: report.lang,
    created_at: report.created_at,
    updated_at: report.updated_at,
  };
}

/** The reports screen for its URL: status tab, country filter, page (past the end: the last page). */
export async function loadReportsScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const tab = parseReportTab(url.searchParams.get("status"));
  const country = (url.searchParams.get("country") ?? "").toUpperCase();
  const page = parsePage(url.searchParams.get("page"));
  const list = await listReports({ status: tab === "all" ? undefined : tab, country: isCountryCode(country) ? country : undefined }, page);
  if (isPastEnd(list.pagination)) throw redirect(withPage(url.pathname, url.search, list.pagination.total_pages, ["lng"]));
  return {
    tab,
    country: isCountryCode(country) ? country : "",
    page,
    pagination: list.pagination,
    reports: list.items.map(presentReport),
    countries: countryOptions(requestLanguage(context)),
  };
}

export type ReportsScreenData = Awaited<ReturnType<typeof loadReportsScreen>>;

/** One report: its facts, its print run (lot and product), whether its scan is still in the log, the code's history, and its notes. */
export async function loadReportScreen(id: string | undefined) {
  const report = await getReport(id);
  if (!report) throw new Response(null, { status: 404 });
  const [scan, history, notes, runs] = await Promise.all([
    report.scan_id ? findScan(report.scan_id) : undefined,
    report.code_id ? codeHistory(report.code_id) : [],
    reportNotes(report.id),
    runsById([report.batch_id]),
  ]);
  return {
    report: presentReport(report),
    run: report.batch_id ? (runs[report.batch_id] ?? null) : null,
    scanKept: Boolean(scan),
    hasCode: report.code_id !== null,
    history: history.map(scanJson),
    notes: notes.map(({ id: noteId, author, status_from, status_to, note, created_at }) => ({ id: noteId, author, status_from, status_to, note, created_at })),
  };
}

export type ReportScreenData = Awaited<ReturnType<typeof loadReportScreen>>;
