import { describe, expect, it } from "vitest";
import { createBatch, revokeBatch } from "~/features/batches/batches.server";
import { recallBatch } from "~/features/batches/recalls.server";
import { products } from "~/platform/catalog/catalog";
import { loader as gtinLoader } from "~/routes/gtin";
import { loader as tapLoader } from "~/routes/tap";
import { loader as reportLoader } from "~/routes/report";
import { routeArgs } from "../../../tests/unit/request-context";
import { newKey, newUid, tap } from "../../../tests/unit/tags";
import { recallParts } from "../../../tests/unit/recall-parts";

// The shopper's side of a tap (issue 41): the tag's URL on the lot-level Digital Link, its redirect to
// the tap's page, that page's states, and the companion QR's product page.

const SITE = process.env.SITE_URL ?? "http://localhost:3000";
const product = products[3]!;
const gtin14 = product.gtin.padStart(14, "0");
let address = 0;

/** What a route answered: a thrown or returned Response, or its data. */
async function answer(fn: (args: never) => unknown, path: string, params: Record<string, string>) {
  const request = new Request(`${SITE}${path}`, { headers: { "x-client-address": `10.41.0.${++address}`, "user-agent": "vitest" } });
  try {
    const value = await fn((await routeArgs(request, params)) as never);
    return value instanceof Response ? value : (value as { data: unknown; init: { status?: number } | null });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown as { data: unknown; init: { status?: number } | null };
    throw thrown;
  }
}

const open = (lot: string, query: string) => answer(gtinLoader as never, `/01/${gtin14}/10/${lot}${query}`, { gtin: gtin14, lot });
const page = async (location: string) => {
  const url = new URL(location, SITE);
  const result = (await answer(tapLoader as never, `${url.pathname}${url.search}`, { scanId: url.pathname.split("/").pop()! })) as { data: { view: Record<string, unknown> }; init: { status?: number } };
  return { status: result.init?.status ?? 200, view: result.data.view };
};

async function nfcRun(lot: string) {
  const tag = { uid: newUid(), metaReadKey: newKey(), fileReadKey: newKey() };
  const made = await createBatch({ productId: product.id, quantity: 1, lot, bestBefore: "2029-03-31", label: "nfc", tags: [tag], metaReadKey: tag.metaReadKey, createdBy: "admin" });
  if (!made.ok) throw new Error(made.error);
  return { tag, run: made.value };
}

describe("a tag's URL and its page", () => {
  it("a tap is recorded once and sent on (303) to its page, which a reload shows again unchanged; the same URL again is a copied link", async () => {
    const { tag } = await nfcRun("TAP-PAGE-1");
    const { e, c } = tap(tag, 12);
    const first = (await open("TAP-PAGE-1", `?e=${e}&c=${c}&lng=ar`)) as Response;
    expect(first.status).toBe(303);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/tap\/[A-Za-z0-9_-]{22}\?lng=ar$/);
    const genuine = await page(location);
    expect(genuine.status).toBe(200);
    expect(genuine.view).toMatchObject({ state: "genuine", lot: "TAP-PAGE-1", taps: 1, product: { id: product.id }, firstTapAt: expect.any(String) });
    expect(await page(location)).toEqual(genuine);

    const copied = (await open("TAP-PAGE-1", `?e=${e}&c=${c}`)) as Response;
    const replayed = await page(copied.headers.get("Location")!);
    expect(replayed.view).toMatchObject({ state: "replayed", lot: "TAP-PAGE-1", taps: 1, firstTapAt: genuine.view.firstTapAt, scanId: expect.any(String) });
    // The copied link's scan leads to the counterfeit report form.
    const report = (await answer(reportLoader as never, `/verify/result/${replayed.view.scanId}/report`, { scanId: replayed.view.scanId as string })) as { data: { view: { outcome: string } } };
    expect(report.data.view.outcome).toBe("replayed");
    // The next real tap is genuine again, the tag's second.
    const next = (await open("TAP-PAGE-1", `?${new URLSearchParams(tap(tag, 13))}`)) as Response;
    expect((await page(next.headers.get("Location")!)).view).toMatchObject({ state: "genuine", taps: 2, firstTapAt: genuine.view.firstTapAt });
  });

  it("says recalled (with the notice), revoked and forged; a link no tag makes is 400, a scan that is no tap 404", async () => {
    const { tag, run } = await nfcRun("TAP-PAGE-2");
    expect((await recallBatch(run.id, { notice_en: "Do not use: seal fault.", notice_ar: "لا تستخدميه.", ...recallParts, by: "admin" })).ok).toBe(true);
    const recalled = await page(((await open("TAP-PAGE-2", `?${new URLSearchParams(tap(tag, 1))}`)) as Response).headers.get("Location")!);
    expect(recalled.view).toMatchObject({ state: "recalled", recall: { notice: "Do not use: seal fault." } });
    const forged = await page(((await open("TAP-PAGE-2", `?${new URLSearchParams({ ...tap(tag, 2), c: "00112233AABBCCDD" })}`)) as Response).headers.get("Location")!);
    expect(forged.view).toMatchObject({ state: "bad_mac", product: null, lot: null, recall: null });

    const other = await nfcRun("TAP-PAGE-3");
    await revokeBatch(other.run.id, { reason: "stolen", revokedBy: "admin" });
    const revoked = await page(((await open("TAP-PAGE-3", `?${new URLSearchParams(tap(other.tag, 1))}`)) as Response).headers.get("Location")!);
    expect(revoked.view).toMatchObject({ state: "revoked", product: null });

    for (const query of ["?e=XYZ&c=0011223344556677", `?e=${tap(tag, 3).e}`, `?c=0011223344556677`]) {
      const broken = (await open("TAP-PAGE-2", query)) as Response;
      expect(broken.headers.get("Location")).toBe("/tap/unreadable");
      expect(await page("/tap/unreadable")).toMatchObject({ status: 400, view: { state: "malformed", scanId: null } });
    }
    expect(await page("/tap/limited?after=120")).toMatchObject({ status: 429, view: { state: "limited" } });
    const missing = (await answer(tapLoader as never, "/tap/AAAAAAAAAAAAAAAAAAAAAA", { scanId: "AAAAAAAAAAAAAAAAAAAAAA" })) as { init: { status?: number } };
    expect(missing.init?.status).toBe(404);
  });

  it("the companion QR (the lot's link without e and c) opens the product's page asking for a tap; other lots keep their redirect", async () => {
    await nfcRun("TAP-PAGE-4");
    const companion = (await open("TAP-PAGE-4", "?lng=ar")) as Response;
    expect(companion.status).toBe(302);
    expect(companion.headers.get("Location")).toBe(`/product/${product.id}?tap=1&lng=ar`);
    const plain = (await open("NOT-NFC-LOT", "")) as Response;
    expect(plain.headers.get("Location")).toBe(`/product/${product.id}`);
  });
});
