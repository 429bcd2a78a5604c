import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { startChecker } from "../../../tests/unit/race";
import { newKey, newUid, tap } from "../../../tests/unit/tags";

// Two processes on one database (the SQLite file, or PostgreSQL under `npm run test:postgres`), each
// submitting one fresh tap URL 25 times at once: the counter is taken once, whichever process wins.
describe("a tap's counter across processes", () => {
  it("50 simultaneous submissions of one fresh URL from two processes: exactly one genuine, 49 replayed", { timeout: 60_000 }, async () => {
    const product = products[0]!;
    const tag = { uid: newUid(), metaReadKey: newKey(), fileReadKey: newKey() };
    const made = await createBatch({ productId: product.id, quantity: 1, lot: "RACE-X", label: "nfc", tags: [tag], metaReadKey: tag.metaReadKey, createdBy: "admin" });
    expect(made.ok).toBe(true);
    const { e, c } = tap(tag, 7);
    const submission = [product.gtin, "RACE-X", e, c].join(":");

    const processes = [startChecker([submission], 25, "taps"), startChecker([submission], 25, "taps")];
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.go();
    const results = (await Promise.all(processes.map((p) => p.done))).flat();

    expect(results).toHaveLength(50);
    expect(results.filter((r) => r.outcome === "valid")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "replayed")).toHaveLength(49);
    const db = await getDb();
    expect(await db.selectFrom("codes").select(["tag_counter", "tag_taps"]).where("pack_serial", "=", tag.uid).executeTakeFirstOrThrow()).toEqual({ tag_counter: 7, tag_taps: 1 });
    const scans = await db.selectFrom("scans").select(["outcome"]).where("pack_serial", "=", tag.uid).where("tap", "=", 1).execute();
    expect(scans.filter((s) => s.outcome === "valid")).toHaveLength(1);
    expect(scans.filter((s) => s.outcome === "used")).toHaveLength(49);
  });
});
