import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/catalog/catalog";
import { dayOf } from "~/lib/days";
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
    expect(Object.keys(all.body.data.scans[0]).sort()).toEqual(["batch_id", "code", "country", "created_at", "id", "lang", "outcome", "product_id"]);
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
