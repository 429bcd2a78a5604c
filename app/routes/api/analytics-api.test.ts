import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { redeemPack, viewPack } from "~/features/packs/packs.server";
import { dayOf } from "~/platform/lib/days";
import { describeBearerRequired, signedInCaller } from "../../../tests/unit/api";
import { checkHistory, pastScan } from "../../../tests/unit/checks";
import * as overview from "./analytics-overview";

const today = dayOf(new Date());
const product = products[0]!;
const call = signedInCaller("protect-admin", "protect-password-long");

beforeAll(async () => {
  await checkHistory(product.id);
  // Two views of a two-part pack's page: counted apart, never as checks.
  const made = await createBatch({ productId: product.id, quantity: 1, lot: "VIEWS-1", label: "two_part", createdBy: "admin" });
  if (!made.ok) throw new Error(made.error);
  const { pack_serial: serial } = await (await getDb()).selectFrom("codes").select("pack_serial").where("batch_id", "=", made.value.id).executeTakeFirstOrThrow();
  for (const clientHash of ["viewer-1", "viewer-2"]) await viewPack({ serial: serial!, lang: "en", clientHash, userAgent: "vitest", country: "SA" });
  // A wrong PIN on that pack: a check, counted as `wrong_pin`, neither genuine nor counterfeit (issue 38).
  await redeemPack({ serial: serial!, pin: "ABC-DEF-GHJ", lang: "en", clientHash: "typist", userAgent: "vitest", country: "SA" });
});

describeBearerRequired("every analytics endpoint requires a bearer token", [["overview", overview.loader, "/analytics/overview/", {}, {}]]);

describe("GET /api/v1/analytics/overview/", () => {
  it("answers days, totals, top products and batches, and countries", async () => {
    const res = await call(overview.loader, "/analytics/overview/?days=30");
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(["countries", "days", "top_batches", "top_products", "totals"]);
    expect(data.days).toHaveLength(30);
    expect(data.days[29]).toEqual({ date: today, valid: 2, used: 1, replayed: 0, wrong_pin: 1, bad_mac: 0, unknown: 2, expired: 0, revoked: 0, recalled: 0, views: 2, taps: 0 });
    expect(data.days[0].views).toBe(0);
    expect(data.totals).toMatchObject({ checks: 6, valid: 2, wrong_pin: 1, counterfeit: 3, genuine_share: 0.3333, counterfeit_share: 0.5, views: 2 });
    expect(data.top_products).toEqual([{ product_id: product.id, name: product.name, name_ar: product.nameAr, counterfeit: 1 }]);
    expect(data.countries).toEqual(
      expect.arrayContaining([
        { country: "SA", checks: 3, counterfeit: 0 },
        { country: null, checks: 1, counterfeit: 1 },
      ]),
    );
    expect((await call(overview.loader, "/analytics/overview/")).body.data.days).toHaveLength(30);
    for (const days of ["0", "367", "abc", "1.5"]) expect((await call(overview.loader, `/analytics/overview/?days=${days}`)).status).toBe(400);
  });

  it("names each top print run by its lot and product, never only its id (issue 42)", async () => {
    const made = await createBatch({ productId: product.id, quantity: 1, lot: "TOP-LOT-7", label: "single", createdBy: "admin" });
    if (!made.ok) throw new Error(made.error);
    for (let i = 0; i < 3; i++) await pastScan({ outcome: "revoked", batch_id: made.value.id, product_id: product.id, created_at: new Date().toISOString() });
    const data = (await call(overview.loader, "/analytics/overview/?days=7")).body.data;
    expect(data.top_batches[0]).toEqual({ batch_id: made.value.id, lot: "TOP-LOT-7", product_id: product.id, counterfeit: 3 });
  });
});
