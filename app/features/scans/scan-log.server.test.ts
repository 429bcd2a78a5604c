import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import type { Scan } from "@db/schema";
import { batchCodeChunks, type SerialCode } from "~/features/batches/batch-codes.server";
import { createBatch } from "~/features/batches/batches.server";
import { redeemPack, viewPack } from "~/features/packs/packs.server";
import { products } from "~/platform/catalog/catalog";
import { plain } from "../../../tests/unit/codes";
import { checkFrom, hoursAgo, pastScan } from "../../../tests/unit/checks";
import { countScans, listScans, runNames, runsById, type ScanFilters } from "./scan-log.server";

/**
 * The scan log's counts come from the daily aggregates whatever the filters name; they must be the
 * number of scans the log itself holds for the same filters, for every combination.
 */

const [first, second] = [products[0]!, products[1]!];
const runs: string[] = [];

async function run(productId: string, lot: string): Promise<{ id: string; codes: string[] }> {
  const made = await createBatch({ productId, quantity: 4, lot, createdBy: "admin-1" });
  if (!made.ok) throw new Error(made.error);
  const rows = await (await getDb()).selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", made.value.id).orderBy("serial").execute();
  runs.push(made.value.id);
  return { id: made.value.id, codes: rows.map(plain) };
}

beforeAll(async () => {
  const a = await run(first.id, "LOG-A");
  const b = await run(second.id, "LOG-B");
  // Genuine checks, a second check of a used code from another country, unknown codes, no country.
  await checkFrom(a.codes[0]!, "log-1", "SA");
  await checkFrom(a.codes[0]!, "log-2", "EG");
  await checkFrom(a.codes[1]!, "log-3", "EG");
  await checkFrom(b.codes[0]!, "log-4", "SA");
  await checkFrom(b.codes[1]!, "log-5", null);
  await checkFrom("NOTOURS9", "log-6", "AE");
  // Older days, as if checked before.
  await pastScan({ outcome: "used", created_at: hoursAgo(24 * 3), product_id: first.id, batch_id: a.id, country: "SA" });
  await pastScan({ outcome: "valid", created_at: hoursAgo(24 * 10), product_id: second.id, batch_id: b.id, country: "EG" });
  // A two-part run: its pack's page viewed before and after its PIN is redeemed, an unknown serial viewed, an older view.
  const made = await createBatch({ productId: first.id, quantity: 2, lot: "LOG-C", label: "two_part", createdBy: "admin-1" });
  if (!made.ok) throw new Error(made.error);
  runs.push(made.value.id);
  const [pack] = (await batchCodeChunks(made.value.id, 1, 1).next()).value as SerialCode[];
  const shopper = (clientHash: string, country: string | null) => ({ lang: "en" as const, userAgent: "vitest", clientHash, country, serial: pack!.code });
  await viewPack(shopper("log-7", "SA"));
  await viewPack(shopper("log-8", "EG"));
  await redeemPack({ ...shopper("log-7", "SA"), pin: pack!.pin! });
  await viewPack(shopper("log-9", "FR"));
  await viewPack({ ...shopper("log-10", "SA"), serial: "ZZZZZZZZZZZ" });
  await pastScan({ kind: "view", outcome: "valid", created_at: hoursAgo(24 * 2), product_id: first.id, batch_id: made.value.id, country: "EG", pack_serial: pack!.code });
});

function matches(scan: Scan, f: ScanFilters): boolean {
  const day = scan.created_at.slice(0, 10);
  return (
    (!f.kind || scan.kind === f.kind) &&
    (!f.outcome || scan.outcome === f.outcome) &&
    (!f.product_id || scan.product_id === f.product_id) &&
    (!f.batch || scan.batch_id === f.batch) &&
    (!f.country || scan.country === f.country) &&
    (!f.from || day >= f.from) &&
    (!f.to || day <= f.to)
  );
}

/** Every combination of the filters over the values this history has (and one it does not). */
function combinations(): ScanFilters[] {
  const weekAgo = hoursAgo(24 * 7).slice(0, 10);
  const choices = {
    kind: [undefined, "check", "view"] as const,
    outcome: [undefined, "valid", "used", "unknown"] as const,
    product_id: [undefined, first.id, second.id],
    batch: [undefined, ...runs],
    country: [undefined, "SA", "EG", "FR"],
    from: [undefined, weekAgo],
  };
  const out: ScanFilters[] = [];
  for (const kind of choices.kind)
    for (const outcome of choices.outcome)
      for (const product_id of choices.product_id)
        for (const batch of choices.batch)
          for (const country of choices.country)
            for (const from of choices.from) out.push({ kind, outcome, product_id, batch, country, from });
  return out;
}

describe("the scan log's count", () => {
  it("is the number of scans the log holds, for every combination of filters", async () => {
    const scans = await (await getDb()).selectFrom("scans").selectAll().execute();
    const cases = combinations();
    expect(cases.length).toBeGreaterThan(200);
    let nonEmpty = 0;
    for (const filters of cases) {
      const expected = scans.filter((s) => matches(s, filters)).length;
      if (expected > 0) nonEmpty += 1;
      expect(await countScans(filters), JSON.stringify(filters)).toBe(expected);
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it("pages the same rows it counts (a run and a country together)", async () => {
    const [a] = runs;
    const page = await listScans({ batch: a, country: "EG" }, 1);
    expect(page.pagination.total_count).toBe(2);
    expect(page.items.map((s) => [s.batch_id, s.country])).toEqual([
      [a, "EG"],
      [a, "EG"],
    ]);
  });
});

describe("views of packs' pages in the log (issue 27)", () => {
  it("lists views and checks together unless a kind is named, each with its kind and serial", async () => {
    const views = await listScans({ kind: "view" }, 1);
    expect(views.pagination.total_count).toBe(5);
    expect(views.items.every((s) => s.kind === "view" && s.pack_serial !== null)).toBe(true);
    // Viewed sealed (valid), after the redemption (used), an unknown serial (unknown).
    expect(views.items.map((s) => s.outcome).sort()).toEqual(["unknown", "used", "valid", "valid", "valid"]);
    const redemption = await listScans({ kind: "check", batch: runs[2] }, 1);
    expect(redemption.items).toEqual([expect.objectContaining({ kind: "check", outcome: "valid", country: "SA" })]);
    expect(redemption.items[0]!.pack_serial).toBe(views.items.find((s) => s.outcome === "used")!.pack_serial);
  });
});

describe("print runs named by lot and product", () => {
  it("runsById names the runs asked for in one query; a missing or empty id is left out", async () => {
    const [a, b] = runs;
    const named = await runsById([a, b, a, null, undefined, "gone"]);
    expect(Object.values(named).map((r) => [r.lot, r.product_id]).sort()).toEqual([
      ["LOG-A", first.id],
      ["LOG-B", second.id],
    ]);
    expect(await runsById([null])).toEqual({});
    // The pick-list keeps the runs on the page whatever their age.
    expect((await runNames([b])).byId[b!]).toMatchObject({ lot: "LOG-B" });
  });
});
