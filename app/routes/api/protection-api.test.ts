import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/auth/admin-accounts.server";
import { startSession } from "~/auth/sessions.server";
import { products } from "~/catalog/catalog";
import { dayOf } from "~/lib/days";
import { callApi, jsonBody, type Handler } from "../../../tests/unit/api";
import { activeCode, checkFrom } from "../../../tests/unit/checks";
import * as alertsList from "./alerts-list";
import * as alertsStatus from "./alerts-status";
import * as overview from "./analytics-overview";
import * as reportsCreate from "./reports-create";
import * as reportsList from "./reports-list";
import * as reportsStatus from "./reports-status";
import * as scansExport from "./scans-export";
import * as scansList from "./scans-list";

const base = "http://localhost:3000/api/v1";
let token = "";
const today = dayOf(new Date());
const product = products[0]!;

const call = (handler: Handler, path: string, init: RequestInit & { auth?: string | null } = {}, params: Record<string, string> = {}) =>
  callApi(handler, `${base}${path}`, { auth: token, ...init }, params);

async function count(table: "reports" | "alerts") {
  const db = await getDb();
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

let cloneCode = "";
let counterfeitScanId = "";
let genuineScanId = "";

beforeAll(async () => {
  const admin = await createOrResetAdmin("protect-admin", "protect-password-long");
  token = (await startSession({ id: admin.id, username: admin.username })).accessToken;
  // A history: a genuine check, a clone checked from two countries, unknown codes, a formula-like input.
  const genuine = await activeCode(product.id);
  genuineScanId = (await checkFrom(genuine.code, "api-buyer", "SA")).scanId;
  const cloned = await activeCode(product.id);
  cloneCode = cloned.code;
  await checkFrom(cloned.code, "api-owner", "SA");
  await checkFrom(cloned.code, "api-copier", "EG");
  counterfeitScanId = (await checkFrom("NOTOURS1", "api-guesser", "AE")).scanId;
  await checkFrom("=HYPERLINK(1)", "api-attacker", null);
});

describe("every brand-protection admin endpoint requires a bearer token", () => {
  const cases: [string, Handler, string, RequestInit, Record<string, string>][] = [
    ["scans", scansList.loader, "/scans/list/", {}, {}],
    ["export", scansExport.loader, "/scans/export.csv", {}, {}],
    ["overview", overview.loader, "/analytics/overview/", {}, {}],
    ["alerts", alertsList.loader, "/alerts/list/", {}, {}],
    ["alert status", alertsStatus.action, "/alerts/x/status/", jsonBody({ status: "closed" }), { alertId: "x" }],
    ["reports", reportsList.loader, "/reports/list/", {}, {}],
    ["report status", reportsStatus.action, "/reports/x/status/", jsonBody({ status: "closed" }), { reportId: "x" }],
  ];
  for (const [name, handler, path, init, params] of cases) {
    it(name, async () => {
      const res = await call(handler, path, { ...init, auth: null }, params);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status_code: 6001, data: null });
    });
  }
});

describe("GET /api/v1/scans/list/", () => {
  it("lists scans newest first with the documented fields, filtered", async () => {
    const all = await call(scansList.loader, "/scans/list/");
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 5 });
    expect(Object.keys(all.body.data.scans[0]).sort()).toEqual(["batch_id", "code", "country", "created_at", "id", "lang", "outcome", "product_id"]);
    expect(all.body.data.scans).toContainEqual(expect.objectContaining({ outcome: "unknown", code: "=HYPERLINK(1)", country: null, lang: "en" }));
    const times = all.body.data.scans.map((s: { created_at: string }) => s.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const used = await call(scansList.loader, `/scans/list/?outcome=used&product_id=${product.id}&country=eg&from=${today}&to=${today}`);
    expect(used.body.data.scans).toEqual([expect.objectContaining({ outcome: "used", code: cloneCode, country: "EG", product_id: product.id })]);
    expect(used.body.pagination.total_count).toBe(1);
    const saudi = await call(scansList.loader, "/scans/list/?country=SA");
    expect(saudi.body.pagination.total_count).toBe(2);
    const past = await call(scansList.loader, "/scans/list/?to=2020-01-01");
    expect(past.body).toMatchObject({ data: { scans: [] }, pagination: { total_count: 0 } });
  });

  it("answers malformed filters with 400 and a localized message", async () => {
    for (const query of ["outcome=fake", "country=XX", "country=Saudi", "from=2026-13-01", "to=yesterday", "from=2026-11-20&to=2026-11-01", "product_id=nope", "page=0"]) {
      const res = await call(scansList.loader, `/scans/list/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.status_code).toBe(6001);
    }
    const ar = await call(scansList.loader, "/scans/list/?country=XX&lng=ar");
    expect(ar.body.message).toMatch(/[\u0600-\u06ff]/);
  });
});

describe("GET /api/v1/scans/export.csv", () => {
  it("streams the filtered log as CSV with formulas neutralised", async () => {
    const res = await call(scansExport.loader, "/scans/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="scans-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = String(res.body).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,created_at,outcome,code,product_id,batch_id,country,lang");
    expect(lines).toHaveLength(6);
    expect(lines.filter((line) => line.includes(",'=HYPERLINK(1),"))).toHaveLength(1);
    const filtered = await call(scansExport.loader, "/scans/export.csv?outcome=valid");
    expect(String(filtered.body).trimEnd().split("\r\n")).toHaveLength(3);
    expect((await call(scansExport.loader, "/scans/export.csv?from=nope")).status).toBe(400);
  });
});

describe("GET /api/v1/analytics/overview/", () => {
  it("answers days, totals, top products and batches, and countries", async () => {
    const res = await call(overview.loader, "/analytics/overview/?days=30");
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(["countries", "days", "top_batches", "top_products", "totals"]);
    expect(data.days).toHaveLength(30);
    expect(data.days[29]).toEqual({ date: today, valid: 2, used: 1, unknown: 2, expired: 0, revoked: 0 });
    expect(data.totals).toMatchObject({ checks: 5, valid: 2, counterfeit: 3, genuine_share: 0.4, counterfeit_share: 0.6 });
    expect(data.top_products).toEqual([{ product_id: product.id, name: product.name, name_ar: product.nameAr, counterfeit: 1 }]);
    expect(data.countries).toEqual(
      expect.arrayContaining([
        { country: "SA", checks: 2, counterfeit: 0 },
        { country: null, checks: 1, counterfeit: 1 },
      ]),
    );
    expect((await call(overview.loader, "/analytics/overview/")).body.data.days).toHaveLength(30);
    for (const days of ["0", "367", "abc", "1.5"]) expect((await call(overview.loader, `/analytics/overview/?days=${days}`)).status).toBe(400);
  });
});

describe("alerts API", () => {
  it("lists alerts and moves one open → acknowledged → closed, with who and when", async () => {
    const list = await call(alertsList.loader, "/alerts/list/?status=open");
    expect(list.status).toBe(200);
    const alert = list.body.data.alerts.find((a: { kind: string }) => a.kind === "clone");
    expect(Object.keys(alert).sort()).toEqual(["batch_id", "code", "created_at", "id", "kind", "scans_count", "status", "updated_at"]);
    expect(alert).toMatchObject({ status: "open", code: cloneCode, scans_count: 2 });

    const path = `/alerts/${alert.id}/status/`;
    const params = { alertId: alert.id };
    const ack = await call(alertsStatus.action, path, jsonBody({ status: "acknowledged" }), params);
    expect(ack.status).toBe(200);
    expect(ack.body.data.alert).toMatchObject({ status: "acknowledged", acknowledged_by: "protect-admin" });
    expect(ack.body.data.alert.acknowledged_at).toBeTruthy();
    expect((await call(alertsStatus.action, path, jsonBody({ status: "acknowledged" }), params)).status).toBe(409);
    expect((await call(alertsStatus.action, path, jsonBody({ status: "open" }), params)).status).toBe(409);
    for (const status of ["reopened", "", 3, null]) {
      const res = await call(alertsStatus.action, path, jsonBody({ status }), params);
      expect(res.status).toBe(400);
      expect(res.body.status_code).toBe(6001);
    }
    const closed = await call(alertsStatus.action, path, jsonBody({ status: "closed" }), params);
    expect(closed.body.data.alert).toMatchObject({ status: "closed", closed_by: "protect-admin", acknowledged_by: "protect-admin" });
    expect((await call(alertsStatus.action, "/alerts/nope/status/", jsonBody({ status: "closed" }), { alertId: "nope" })).status).toBe(404);
    expect((await call(alertsList.loader, "/alerts/list/?status=closed")).body.data.alerts.map((a: { id: string }) => a.id)).toContain(alert.id);
    expect((await call(alertsList.loader, "/alerts/list/?status=archived")).status).toBe(400);
  });
});

describe("POST /api/v1/reports/create/ (public)", () => {
  const fields = () => ({ scan_id: counterfeitScanId, seller: "Bazaar stall 7", city: "Dubai", country: "AE", purchased_on: today });
  const multipart = (photo: Blob | null, extra: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields(), ...extra })) form.set(k, v);
    if (photo) form.set("photo", photo, "pack.jpg");
    return { method: "POST", body: form, auth: null } as const;
  };

  it("takes JSON without a photo and multipart with one; answers 201 with a reference", async () => {
    const json = await call(reportsCreate.action, "/reports/create/", { ...jsonBody(fields()), auth: null });
    expect(json.status).toBe(201);
    expect(json.body.data).toEqual({ reference: expect.stringMatching(/^CR-[A-Z0-9]{4}-[A-Z0-9]{4}$/) });
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#888" } }).jpeg().toBuffer();
    const withPhoto = await call(reportsCreate.action, "/reports/create/", multipart(new Blob([jpeg], { type: "image/jpeg" }), { contact: "buyer@example.com" }));
    expect(withPhoto.status).toBe(201);
    const db = await getDb();
    const row = await db.selectFrom("reports").selectAll().where("reference", "=", withPhoto.body.data.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ photo_type: "image/jpeg", contact: "buyer@example.com", consent_at: null, scan_id: counterfeitScanId });
  });

  it("answers bad input with 4xx and 6001, and stores nothing", async () => {
    const before = await count("reports");
    const cases: [number, RequestInit & { auth: null }][] = [
      [404, { ...jsonBody({ ...fields(), scan_id: "AAAAAAAAAAAAAAAAAAAAAA" }), auth: null }],
      [409, { ...jsonBody({ ...fields(), scan_id: genuineScanId }), auth: null }],
      [400, { ...jsonBody({ ...fields(), country: "ZZ" }), auth: null }],
      [400, { ...jsonBody({ ...fields(), purchased_on: "2026-02-31" }), auth: null }],
      [400, { ...jsonBody({ ...fields(), purchased_on: "3026-01-01" }), auth: null }],
      [400, { ...jsonBody({ ...fields(), seller: "" }), auth: null }],
      [400, { ...jsonBody({ ...fields(), contact: "not reachable" }), auth: null }],
      [400, { ...jsonBody({ ...fields(), photo: "aGVsbG8=" }), auth: null }],
      [400, multipart(new Blob(["plain text pretending"], { type: "image/jpeg" }))],
      [413, multipart(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(5 * 1024 * 1024)], { type: "image/jpeg" }))],
      [413, multipart(new Blob([new Uint8Array(7 * 1024 * 1024)], { type: "image/png" }))],
      [400, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json", auth: null }],
    ];
    for (const [status, init] of cases) {
      const res = await call(reportsCreate.action, "/reports/create/", init);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ status_code: 6001, data: null });
    }
    expect(await count("reports")).toBe(before);
  });
});

describe("reports API for admins", () => {
  it("lists reports and changes their status with a note", async () => {
    const list = await call(reportsList.loader, "/reports/list/?status=new");
    expect(list.status).toBe(200);
    const report = list.body.data.reports[0];
    expect(report).toMatchObject({ status: "new", outcome: "unknown", code: "NOTOURS1", country: "AE", seller: "Bazaar stall 7" });
    const params = { reportId: report.id };
    const path = `/reports/${report.id}/status/`;
    const moved = await call(reportsStatus.action, path, jsonBody({ status: "investigating", note: "Visited the stall" }), params);
    expect(moved.status).toBe(200);
    expect(moved.body.data.report).toMatchObject({ id: report.id, status: "investigating" });
    expect((await call(reportsStatus.action, path, jsonBody({ status: "new" }), params)).status).toBe(409);
    expect((await call(reportsStatus.action, path, jsonBody({ status: "done" }), params)).status).toBe(400);
    expect((await call(reportsStatus.action, path, jsonBody({ status: "closed", note: "x".repeat(2001) }), params)).status).toBe(400);
    expect((await call(reportsStatus.action, "/reports/none/status/", jsonBody({ status: "closed" }), { reportId: "none" })).status).toBe(404);
    expect((await call(reportsList.loader, "/reports/list/?status=investigating")).body.data.reports.map((r: { id: string }) => r.id)).toEqual([report.id]);
    expect((await call(reportsList.loader, "/reports/list/?status=lost")).status).toBe(400);
  });
});
