import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { products } from "~/platform/catalog/catalog";
import { dayOf } from "~/platform/lib/days";
import { describeBearerRequired, jsonBody, signedInCaller } from "../../../tests/unit/api";
import { checkHistory, type CheckHistory } from "../../../tests/unit/checks";
import * as reportsCreate from "./reports-create";
import * as reportsList from "./reports-list";
import * as reportsStatus from "./reports-status";

// Every report that reaches the domain counts against the client's limit (decision 148), and every
// call here comes from the same client: room for all of them.
process.env.REPORT_RATE_LIMIT = "50";

const today = dayOf(new Date());
const call = signedInCaller("protect-admin", "protect-password-long");
let history: CheckHistory;

beforeAll(async () => {
  history = await checkHistory(products[0]!.id);
});

async function countReports() {
  const db = await getDb();
  return Number((await db.selectFrom("reports").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

describeBearerRequired("every admin reports endpoint requires a bearer token", [
  ["reports", reportsList.loader, "/reports/list/", {}, {}],
  ["report status", reportsStatus.action, "/reports/x/status/", jsonBody({ status: "closed" }), { reportId: "x" }],
]);

describe("POST /api/v1/reports/create/ (public)", () => {
  const fields = () => ({ scan_id: history.counterfeitScanId, seller: "Bazaar stall 7", city: "Dubai", country: "AE", purchased_on: today });
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
    expect(row).toMatchObject({ photo_type: "image/jpeg", contact: "buyer@example.com", consent_at: null, scan_id: history.counterfeitScanId });
  });

  it("answers bad input with 4xx and 6001, and stores nothing", async () => {
    const before = await countReports();
    const cases: [number, RequestInit & { auth: null }][] = [
      [404, { ...jsonBody({ ...fields(), scan_id: "AAAAAAAAAAAAAAAAAAAAAA" }), auth: null }],
      [409, { ...jsonBody({ ...fields(), scan_id: history.genuineScanId }), auth: null }],
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
    expect(await countReports()).toBe(before);
  });

  it("a busy photo queue answers 503 with Retry-After, and one sender never fills it (issue 42, N13)", async () => {
    // Noise (nothing for the encoder to save) at 12 MP: each photo takes a while to decode.
    const noise = Buffer.alloc(4000 * 3000 * 3);
    for (let i = 0; i < noise.length; i += 4096) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    const jpeg = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const photo = () => new Blob([jpeg], { type: "image/jpeg" });
    const from = (client: string) => ({ ...multipart(photo()), headers: { "x-client-address": client } });
    // One sender, six photos at once: two are taken (the client's share), the rest told when to come back.
    const one = await Promise.all(Array.from({ length: 6 }, () => call(reportsCreate.action, "/reports/create/", from("10.42.0.1"))));
    const busy = one.filter((r) => r.status === 503);
    expect(one.filter((r) => r.status === 201)).toHaveLength(2);
    expect(busy).toHaveLength(4);
    for (const r of busy) {
      expect(r.body).toMatchObject({ status_code: 6001, error: "photo_busy", data: null });
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // Twelve senders at once: one decoding and eight waiting are taken, the rest told when to come back
    // (a photo decoded before the last senders arrive frees its place: on a slow machine a tenth may be taken).
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => call(reportsCreate.action, "/reports/create/", from(`10.42.1.${i}`))));
    const taken = many.filter((r) => r.status === 201).length;
    const told = many.filter((r) => r.status === 503 && Number(r.headers.get("Retry-After")) > 0).length;
    expect(taken).toBeGreaterThanOrEqual(9);
    expect(told).toBeGreaterThan(0);
    expect(taken + told).toBe(12);
  }, 120_000);
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
