import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { products } from "~/platform/catalog/catalog";
import { codeCounts, createCode, deleteCode, endedOf, expireCode, getCode, listCodes, parseTab } from "./codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { parsePage } from "~/platform/lib/paging";
import { plain, sealed } from "../../../tests/unit/codes";

const productId = () => products[0]!.id;

async function insertRaw(code: string, status: "active" | "expired" | "revoked", createdAt: string, extra: { verified_at?: string } = {}) {
  const db = await getDb();
  await db
    .insertInto("codes")
    .values({
      id: `id-${code}`,
      ...sealed(code),
      product_id: productId(),
      status,
      created_at: createdAt,
      expired_at: status === "active" || extra.verified_at ? null : createdAt,
      verified_at: extra.verified_at ?? null,
    })
    .execute();
}

/** A page of a tab (no filter): the list itself. */
async function list(tab: "active" | "expired", page: number) {
  const result = await listCodes(tab, page);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

beforeEach(async () => {
  const db = await getDb();
  await db.deleteFrom("scans").execute();
  await db.deleteFrom("codes").execute();
});

describe("createCode", () => {
  it("normalises, stores an active code and refuses a duplicate in any spelling", async () => {
    const created = await createCode({ code: " abcd-1274 ", productId: productId() });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(plain(created.value)).toBe("ABCD1274");
    expect(presentCode(created.value, "full").code).toBe("ABCD1274");
    expect(presentCode(created.value, "masked")).toMatchObject({ code: "••••-••••", masked: true });
    expect(created.value.status).toBe("active");
    expect(created.value.expired_at).toBeNull();
    const stored = await getCode(created.value.id);
    expect(stored).toMatchObject({ product_id: productId() });
    expect(plain(stored!)).toBe("ABCD1274");

    expect(await createCode({ code: "ABCD 1274", productId: productId() })).toEqual({ ok: false, error: "duplicate" });
    const db = await getDb();
    expect((await db.selectFrom("codes").selectAll().execute()).length).toBe(1);
  });

  it("enforces 8–32 letters and digits after normalisation, and refuses a code easy to guess", async () => {
    expect(await createCode({ code: "ab1", productId: productId() })).toEqual({ ok: false, error: "invalid_format" });
    expect(await createCode({ code: "", productId: productId() })).toEqual({ ok: false, error: "invalid_format" });
    expect(await createCode({ code: "A".repeat(33), productId: productId() })).toEqual({ ok: false, error: "invalid_format" });
    expect(await createCode({ code: "ABC$1234", productId: productId() })).toEqual({ ok: false, error: "invalid_format" });
    expect(await createCode({ code: "ab12", productId: productId() })).toEqual({ ok: false, error: "invalid_format" });
    expect(await createCode({ code: "QQQQ", productId: productId() })).toEqual({ ok: false, error: "invalid_format" });
    expect(await createCode({ code: "aaaa-2222", productId: productId() })).toEqual({ ok: false, error: "weak_code" });
    expect(await createCode({ code: "Z".repeat(32), productId: productId() })).toEqual({ ok: false, error: "weak_code" });
    expect(await createCode({ code: "k7m-2p9-xq2", productId: productId() })).toEqual({ ok: false, error: "pin_shape" });
    expect((await createCode({ code: "k7m2-p9xq", productId: productId() })).ok).toBe(true);
    expect((await createCode({ code: "K7M2P9XQT4WH3N8R5Y6E2D9G7B4C8F3J", productId: productId() })).ok).toBe(true);
  });

  it("refuses an unknown product", async () => {
    expect(await createCode({ code: "GOOD1234", productId: "no-such-product" })).toEqual({ ok: false, error: "unknown_product" });
    expect(await codeCounts()).toEqual({ active: 0, expired: 0 });
  });
});

describe("transitions", () => {
  it("expires an active code once, then refuses; unknown ids are not found", async () => {
    const created = await createCode({ code: "EXPI1234", productId: productId() });
    if (!created.ok) throw new Error("setup");
    const expired = await expireCode(created.value.id);
    expect(expired.ok).toBe(true);
    if (expired.ok) {
      expect(expired.value.status).toBe("expired");
      expect(expired.value.expired_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(expired.value.verified_at).toBeNull();
    }
    expect(await expireCode(created.value.id)).toEqual({ ok: false, error: "not_active" });
    expect(await expireCode("nope")).toEqual({ ok: false, error: "not_found" });
    expect(await expireCode("")).toEqual({ ok: false, error: "not_found" });
  });

  it("refuses to delete an active code and deletes an expired or revoked one", async () => {
    const created = await createCode({ code: "DELE1234", productId: productId() });
    if (!created.ok) throw new Error("setup");
    expect(await deleteCode(created.value.id)).toEqual({ ok: false, error: "still_active" });
    expect(await getCode(created.value.id)).toBeDefined();

    await expireCode(created.value.id);
    expect((await deleteCode(created.value.id)).ok).toBe(true);
    expect(await getCode(created.value.id)).toBeUndefined();
    expect(await deleteCode(created.value.id)).toEqual({ ok: false, error: "not_found" });

    await insertRaw("REVO1234", "revoked", "2026-01-01T00:00:00.000Z");
    expect((await deleteCode("id-REVO1234")).ok).toBe(true);
  });

  it("deleting a code keeps its scan history (the scan loses the link)", async () => {
    await insertRaw("SCAN1234", "expired", "2026-01-01T00:00:00.000Z", { verified_at: "2026-01-02T00:00:00.000Z" });
    const db = await getDb();
    await db
      .insertInto("scans")
      .values({ id: "s1", created_at: "2026-01-02T00:00:00.000Z", input: "SCAN1234", code_id: "id-SCAN1234", outcome: "valid", lang: "en", client_hash: "h", user_agent: "ua" })
      .execute();
    expect((await deleteCode("id-SCAN1234")).ok).toBe(true);
    expect(await db.selectFrom("scans").select("code_id").where("id", "=", "s1").executeTakeFirst()).toEqual({ code_id: null });
  });
});

describe("listCodes", () => {
  it("pages 10 at a time, newest first, with counts where the expired tab includes revoked", async () => {
    for (let i = 0; i < 23; i++) {
      await insertRaw(`ACTV${String(i).padStart(4, "0")}`, "active", new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    }
    await insertRaw("EXPD0001", "expired", "2026-02-01T00:00:00.000Z");
    await insertRaw("USED0001", "expired", "2026-02-02T00:00:00.000Z", { verified_at: "2026-02-03T00:00:00.000Z" });
    await insertRaw("REVK0001", "revoked", "2026-02-04T00:00:00.000Z");

    const first = await list("active", 1);
    expect(first.counts).toEqual({ active: 23, expired: 3 });
    expect(first.pagination).toEqual({ page: 1, total_pages: 3, total_count: 23 });
    expect(first.items.map(plain)).toEqual(
      Array.from({ length: 10 }, (_, k) => `ACTV${String(22 - k).padStart(4, "0")}`),
    );
    const third = await list("active", 3);
    expect(third.items.map(plain)).toEqual(["ACTV0002", "ACTV0001", "ACTV0000"]);
    expect((await list("active", 4)).items).toEqual([]);

    const expired = await list("expired", 1);
    expect(expired.pagination).toEqual({ page: 1, total_pages: 1, total_count: 3 });
    expect(expired.items.map(plain)).toEqual(["REVK0001", "USED0001", "EXPD0001"]);
    expect(expired.items.every((c) => c.status !== "active")).toBe(true);
  });

  it("counts default to 0 and an empty tab has one empty page", async () => {
    expect(await codeCounts()).toEqual({ active: 0, expired: 0 });
    expect(await list("expired", 1)).toEqual({ items: [], counts: { active: 0, expired: 0 }, pagination: { page: 1, total_pages: 1, total_count: 0 } });
  });

  it("tab and page parameters fall back safely", () => {
    expect(parseTab("expired")).toBe("expired");
    for (const junk of [null, undefined, "", "EXPIRED", "revoked", "x"]) expect(parseTab(junk)).toBe("active");
    expect(parsePage("3")).toBe(3);
    for (const junk of [null, "", "0", "-2", "abc", "1.5", "9999999999", "2e3"]) expect(parsePage(junk)).toBe(1);
  });
});

describe("presentCode and endedOf", () => {
  it("shows the product and tells how a code stopped being active", async () => {
    await insertRaw("USED0002", "expired", "2026-02-02T00:00:00.000Z", { verified_at: "2026-02-03T00:00:00.000Z" });
    await insertRaw("EXPD0002", "expired", "2026-02-01T00:00:00.000Z");
    const [used, expired] = (await list("expired", 1)).items;
    const view = presentCode(used!, "masked");
    expect(view).toMatchObject({ code: "USED0002", status: "expired", verified_at: "2026-02-03T00:00:00.000Z" });
    expect(view.product).toEqual({ id: productId(), name: products[0]!.name, name_ar: products[0]!.nameAr, image: products[0]!.images[0] ?? null });
    expect(endedOf(used!)).toEqual({ at: "2026-02-03T00:00:00.000Z", reason: "verified" });
    expect(endedOf(expired!)).toEqual({ at: "2026-02-01T00:00:00.000Z", reason: "expired" });
  });
});
