import { beforeAll, describe, expect, it } from "vitest";
import { batchCodeChunks, type SerialCode } from "~/features/batches/batch-codes.server";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { redeemPack, viewPack } from "~/features/packs/packs.server";
import { dayOf } from "~/platform/lib/days";
import { describeBearerRequired, signedInCaller } from "../../../tests/unit/api";
import { checkHistory, type CheckHistory } from "../../../tests/unit/checks";
import * as scansExport from "./scans-export";
import * as scansList from "./scans-list";

const today = dayOf(new Date());
const product = products[0]!;
const call = signedInCaller("protect-admin", "protect-password-long");
let history: CheckHistory;

beforeAll(async () => {
  history = await checkHistory(product.id);
});

describeBearerRequired("every scans endpoint requires a bearer token", [
  ["scans", scansList.loader, "/scans/list/", {}, {}],
  ["export", scansExport.loader, "/scans/export.csv", {}, {}],
]);

describe("GET /api/v1/scans/list/", () => {
  it("lists scans newest first with the documented fields, filtered", async () => {
    const all = await call(scansList.loader, "/scans/list/");
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 5 });
    expect(Object.keys(all.body.data.scans[0]).sort()).toEqual(["batch_id", "code", "country", "created_at", "id", "kind", "lang", "outcome", "product_id", "serial"]);
    // Codes' checks: kind `check`, no pack serial.
    expect(all.body.data.scans.every((s: { kind: string; serial: string | null }) => s.kind === "check" && s.serial === null)).toBe(true);
    expect(all.body.data.scans).toContainEqual(expect.objectContaining({ outcome: "unknown", code: "=HYPERLINK(1)", country: null, lang: "en" }));
    const times = all.body.data.scans.map((s: { created_at: string }) => s.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const used = await call(scansList.loader, `/scans/list/?outcome=used&product_id=${product.id}&country=eg&from=${today}&to=${today}`);
    expect(used.body.data.scans).toEqual([expect.objectContaining({ outcome: "used", code: history.cloneCode, country: "EG", product_id: product.id })]);
    expect(used.body.pagination.total_count).toBe(1);
    const saudi = await call(scansList.loader, "/scans/list/?country=SA");
    expect(saudi.body.pagination.total_count).toBe(2);
    const past = await call(scansList.loader, "/scans/list/?to=2020-01-01");
    expect(past.body).toMatchObject({ data: { scans: [] }, pagination: { total_count: 0 } });
  });

  it("answers malformed filters with 400 and a localized message", async () => {
    for (const query of ["kind=scan", "kind=VIEW", "outcome=fake", "country=XX", "country=Saudi", "from=2026-13-01", "to=yesterday", "from=2026-11-20&to=2026-11-01", "product_id=nope", "page=0"]) {
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
    expect(lines[0]).toBe("id,created_at,outcome,code,product_id,batch_id,country,lang,kind,serial");
    expect(lines.slice(1).every((line) => line.endsWith(",check,"))).toBe(true);
    expect(lines).toHaveLength(6);
    expect(lines.filter((line) => line.includes(",'=HYPERLINK(1),"))).toHaveLength(1);
    const filtered = await call(scansExport.loader, "/scans/export.csv?outcome=valid");
    expect(String(filtered.body).trimEnd().split("\r\n")).toHaveLength(3);
    expect((await call(scansExport.loader, "/scans/export.csv?from=nope")).status).toBe(400);
  });
});

describe("kinds: a pack's page views and its PIN redemption (issue 27)", () => {
  let serial: string;

  beforeAll(async () => {
    const made = await createBatch({ productId: product.id, quantity: 2, lot: "API-VIEWS", label: "two_part", createdBy: "admin" });
    if (!made.ok) throw new Error(made.error);
    const [first] = (await batchCodeChunks(made.value.id, 1, 1).next()).value as SerialCode[];
    serial = first!.code;
    const shopper = { lang: "en" as const, userAgent: "vitest", country: "SA" };
    await viewPack({ ...shopper, serial, clientHash: "viewer-1" });
    await viewPack({ ...shopper, serial, clientHash: "viewer-2" });
    await redeemPack({ ...shopper, serial, pin: first!.pin!, clientHash: "buyer-1" });
  });

  it("lists each scan's kind and serial, and filters by kind", async () => {
    const views = await call(scansList.loader, "/scans/list/?kind=view");
    expect(views.status).toBe(200);
    expect(views.body.pagination.total_count).toBe(2);
    expect(views.body.data.scans).toEqual([
      expect.objectContaining({ kind: "view", outcome: "valid", code: serial, serial, country: "SA" }),
      expect.objectContaining({ kind: "view", outcome: "valid", code: serial, serial, country: "SA" }),
    ]);
    const checks = await call(scansList.loader, "/scans/list/?kind=check");
    expect(checks.body.pagination.total_count).toBe(6);
    expect(checks.body.data.scans[0]).toEqual(expect.objectContaining({ kind: "check", outcome: "valid", serial }));
    const all = await call(scansList.loader, "/scans/list/");
    expect(all.body.pagination.total_count).toBe(8);
    // With the other filters: the run's views of sealed packs, in Saudi Arabia, today.
    const sealed = await call(scansList.loader, `/scans/list/?kind=view&outcome=valid&country=SA&from=${today}&product_id=${product.id}`);
    expect(sealed.body.pagination.total_count).toBe(2);
    expect((await call(scansList.loader, "/scans/list/?kind=view&outcome=used")).body.pagination.total_count).toBe(0);
  });

  it("exports kind and serial as the CSV's last columns", async () => {
    const res = await call(scansExport.loader, "/scans/export.csv?kind=view");
    const lines = String(res.body).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line.endsWith(`,view,${serial}`)).toBe(true);
    expect((await call(scansExport.loader, "/scans/export.csv?kind=other")).status).toBe(400);
  });
});

describe("a wrong PIN keeps the signal (issue 38)", () => {
  let batchId: string;
  let serial: string;

  beforeAll(async () => {
    const made = await createBatch({ productId: product.id, quantity: 1, lot: "API-WRONG", label: "two_part", createdBy: "admin" });
    if (!made.ok) throw new Error(made.error);
    batchId = made.value.id;
    const [first] = (await batchCodeChunks(batchId, 1, 1).next()).value as SerialCode[];
    serial = first!.code;
    const typo = `${first!.pin![0] === "A" ? "B" : "A"}${first!.pin!.slice(1)}`;
    await redeemPack({ lang: "ar", userAgent: "vitest", country: "AE", serial, pin: typo, clientHash: "typist-1" });
  });

  it("lists it as a check of outcome wrong_pin with the pack's serial, run and product, filtered by outcome and run; `unknown` no longer has it", async () => {
    const listed = await call(scansList.loader, `/scans/list/?outcome=wrong_pin&batch=${batchId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.pagination.total_count).toBe(1);
    expect(listed.body.data.scans[0]).toEqual(expect.objectContaining({ kind: "check", outcome: "wrong_pin", code: serial, serial, batch_id: batchId, product_id: product.id, country: "AE" }));
    expect((await call(scansList.loader, `/scans/list/?outcome=unknown&batch=${batchId}`)).body.pagination.total_count).toBe(0);
    const csv = await call(scansExport.loader, `/scans/export.csv?outcome=wrong_pin&batch=${batchId}`);
    const lines = String(csv.body).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",wrong_pin,");
    expect(lines[1]!.endsWith(`,check,${serial}`)).toBe(true);
  });
});
