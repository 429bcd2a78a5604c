import { beforeEach, describe, expect, it } from "vitest";
import { createBatch } from "~/features/batches/batches.server";
import { liftRecall, recallBatch } from "~/features/batches/recalls.server";
import { products } from "~/platform/catalog/catalog";
import { gtinCheckDigit } from "~/platform/codes/digital-link";
import { emptyTables } from "../../../tests/unit/db";
import { recallParts } from "../../../tests/unit/recall-parts";
import { routeArgs } from "../../../tests/unit/request-context";
import { loadRecallStatus, recallStatusJson } from "./recall-status.server";
import { namedProduct } from "./links.server";
import { resolveDigitalLink } from "./respond.server";

// The resolver over the database (decision 190), on this run's engine (SQLite under `npm test`,
// PostgreSQL under `npm run test:postgres`): a lot's recall decides its default link and its recall
// status, as data and as a page, in both languages. The conformance suite (tests/unit/gs1-resolver.test.ts)
// runs the whole resolver against the built server.

const SITE = "http://localhost:3000";
const product = products[1]!;
const GTIN = `0${product.gtin}`;
const page = () => new Response("the page", { status: 200, headers: { "Content-Type": "text/html" } });

/** The middleware's answer to a request (the route's page when it lets the request through). */
async function resolve(path: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`${SITE}${path}`, { method, headers });
  const args = await routeArgs(request);
  return (await resolveDigitalLink(args as Parameters<typeof resolveDigitalLink>[0], async () => page())) as Response;
}

async function statusOf(path: string, headers: Record<string, string> = {}) {
  const request = new Request(`${SITE}${path}`, { headers });
  return (await recallStatusJson((await routeArgs(request)) as Parameters<typeof recallStatusJson>[0], async () => page())) as Response;
}

async function recalledRun(lot: string) {
  const made = await createBatch({ productId: product.id, quantity: 1, lot, createdBy: "admin-1" });
  if (!made.ok) throw new Error(made.error);
  const recalled = await recallBatch(made.value.id, { ...recallParts, notice_en: "Stop using it.", notice_ar: "يُرجى التوقّف عن استخدامه.", since: "2026-11-30", by: "admin-1" });
  expect(recalled.ok).toBe(true);
  return made.value;
}

beforeEach(() => emptyTables("scans", "codes", "batches"));

describe("a lot's recall in the resolver", () => {
  it("a recalled lot's default is its recall notice, its status says so as data and as a page; lifted, the product again", async () => {
    const run = await recalledRun("RS-LOT1");
    const lot = `/01/${GTIN}/10/RS-LOT1`;
    const plain = await resolve(`${lot}?17=281231`);
    expect(plain.status).toBe(307);
    expect(plain.headers.get("Location")).toBe(`${SITE}/recalls${lot}?17=281231`);
    expect(plain.headers.get("Link")).toBe(`<${SITE}${lot}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);

    // gs1:recallStatus: the data for a client that asks for JSON, the page in Arabic for one that reads Arabic.
    expect((await resolve(`${lot}?linkType=gs1:recallStatus`, { Accept: "application/json" })).headers.get("Location")).toBe(`${SITE}/recalls${lot}?format=json`);
    expect((await resolve(`${lot}?linkType=gs1:recallStatus`, { "Accept-Language": "ar" })).headers.get("Location")).toBe(`${SITE}/recalls${lot}?lng=ar`);

    const data = await statusOf(`/recalls${lot}?format=json`);
    expect(data.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await data.json()).toEqual({
      gtin: GTIN,
      lot: "RS-LOT1",
      recalled: true,
      since: "2026-11-30",
      notice: { en: "Stop using it.", ar: "يُرجى التوقّف عن استخدامه." },
      hazard: { en: recallParts.hazard_en, ar: recallParts.hazard_ar },
      remedy: { en: recallParts.remedy_en, ar: recallParts.remedy_ar },
    });
    // Asked for as a page, it is one (the middleware lets it through).
    expect(await (await statusOf(`/recalls${lot}?lng=ar`)).text()).toBe("the page");
    const view = await loadRecallStatus(new Request(`${SITE}/recalls${lot}?lng=ar`), (await routeArgs(new Request(`${SITE}/recalls${lot}?lng=ar`))).context);
    expect(view).toMatchObject({ product: { name: product.nameAr, gtin: GTIN }, lot: "RS-LOT1", recall: { hazard: recallParts.hazard_ar, remedy: recallParts.remedy_ar, day: "2026-11-30", gtin: GTIN } });

    await liftRecall(run.id, { by: "admin-1" });
    expect((await resolve(lot)).headers.get("Location")).toBe(`${SITE}/product/${product.id}`);
    expect(await (await statusOf(`/recalls${lot}`, { Accept: "application/json" })).json()).toMatchObject({ recalled: false, since: null, notice: null, hazard: null, remedy: null });
  });

  it("the linkset of a lot carries its recall status and, while recalled, its own default link; another lot of the product none of its own", async () => {
    await recalledRun("RS-LOT2");
    const linkset = await resolve(`/01/${GTIN}/10/RS-LOT2?linkType=linkset`);
    expect(linkset.status).toBe(200);
    expect(linkset.headers.get("Content-Type")).toBe("application/linkset+json");
    const [lotEntry, productEntry] = ((await linkset.json()) as { linkset: Record<string, unknown>[] }).linkset;
    expect(lotEntry).toMatchObject({ anchor: `${SITE}/01/${GTIN}/10/RS-LOT2`, "https://gs1.org/voc/defaultLink": [{ href: `${SITE}/recalls/01/${GTIN}/10/RS-LOT2` }] });
    expect(productEntry).toMatchObject({ anchor: `${SITE}/01/${GTIN}`, "https://gs1.org/voc/defaultLink": [{ href: `${SITE}/product/${product.id}` }] });
    const other = ((await (await resolve(`/01/${GTIN}/10/RS-OTHER`, { Accept: "application/linkset+json" })).json()) as { linkset: Record<string, unknown>[] }).linkset;
    expect(other[0]).not.toHaveProperty(["https://gs1.org/voc/defaultLink"]);
    expect(other[0]).toHaveProperty(["https://gs1.org/voc/recallStatus"]);
    // An unknown lot of an unknown GTIN: 404 as data, never a page.
    expect((await statusOf(`/recalls/01/0952654399999${gtinCheckDigit("0952654399999")}/10/X?format=json`)).status).toBe(404);
    expect((await statusOf(`/recalls/01/${GTIN}/10/A%20B?format=json`)).status).toBe(400);
  });

  it("lets the page answer a pack's PIN (POST), React Router's own data requests and a plain look at a serial", async () => {
    expect(await (await resolve(`/01/${GTIN}/10/L1/21/ABCDEFGHJKM`, {}, "POST")).text()).toBe("the page");
    expect(await (await resolve(`/01/${GTIN}.data`)).text()).toBe("the page");
    const serial = await resolve(`/01/${GTIN}/10/L1/21/ABCDEFGHJKM`);
    expect(await serial.text()).toBe("the page");
    expect(serial.headers.get("Link")).toContain('rel="linkset"');
    expect(serial.headers.get("Access-Control-Allow-Origin")).toBe("*");
    // A browser's bad link reaches the route (its loader draws the 400 page); a client asking for data gets JSON.
    expect(await (await resolve(`/01/${GTIN}/foo`)).text()).toBe("the page");
    const bad = await resolve(`/01/${GTIN}/foo`, { Accept: "application/json", "Accept-Language": "ar" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_digital_link", fault: "qualifier", message: expect.stringContaining("GS1") });
  });

  it("a serial we never made: the page offers its GTIN's product and that product's links in the page's language, one level up", async () => {
    const ar = await namedProduct(GTIN, "ar");
    expect(ar!.name).toBe(product.nameAr);
    expect(ar!.links.map((link) => link.href)).toEqual(expect.arrayContaining([`/product/${product.id}?lng=ar`]));
    expect(ar!.links.every((link) => link.href.startsWith(`/product/${product.id}?`) && link.href.includes("lng=ar") && link.title.includes(product.nameAr))).toBe(true);
    expect((await namedProduct(GTIN, "en"))!.links.every((link) => link.href.includes("lng=en") && link.title.includes(product.name))).toBe(true);
    expect(await namedProduct(`0952654399999${gtinCheckDigit("0952654399999")}`, "en")).toBeNull();
  });
});
