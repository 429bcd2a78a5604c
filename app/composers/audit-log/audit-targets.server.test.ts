import { describe, expect, it, vi } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { createBatch, runsByLot } from "~/features/batches/batches.server";
import { membersByUsername } from "~/features/team/members.server";
import { getProduct, products } from "~/platform/catalog/catalog";
import { LRI, PDI } from "~/platform/lib/bidi";
import { createCode } from "~/features/code-admin/codes.server";
import { labelAuditTargets } from "./audit-targets.server";
import type * as BatchesModule from "~/features/batches/batches.server";
import type * as MembersModule from "~/features/team/members.server";

vi.mock("~/features/batches/batches.server", async (original) => {
  const actual = await original<typeof BatchesModule>();
  return { ...actual, runsByLot: vi.fn(actual.runsByLot) };
});
vi.mock("~/features/team/members.server", async (original) => {
  const actual = await original<typeof MembersModule>();
  return { ...actual, membersByUsername: vi.fn(actual.membersByUsername) };
});

const plain = (text: string | undefined) => text?.replaceAll(LRI, "").replaceAll(PDI, "");

describe("audit targets named for people", () => {
  it("names runs, alerts, reports, members, codes and keys in both languages, linked while they exist, one query per kind", async () => {
    const db = await getDb();
    const product = products[0]!;
    const run = await createBatch({ productId: product.id, quantity: 2, lot: "LOT-AUDIT-7", createdBy: "someone" });
    if (!run.ok) throw new Error(run.error);
    const code = await createCode({ code: "AUDT2345", productId: product.id });
    if (!code.ok) throw new Error(code.error);
    const member = await createOrResetAdmin("audit-sara", "audit-sara-password-long", { role: "editor" });
    const at = new Date().toISOString();
    await db
      .insertInto("alerts")
      .values({ id: "label-alert", kind: "clone", subject: "clone:x", status: "open", code_id: null, code: "ABCD2345", product_id: null, batch_id: null, detail: "{}", scans_count: 1, created_at: at, updated_at: at, acknowledged_at: null, acknowledged_by: null, closed_at: null, closed_by: null })
      .execute();

    const targets = [
      "batch:LOT-AUDIT-7",
      "batch:LOT-GONE",
      "alert:label-alert",
      "alert:0000-gone",
      "admin:audit-sara",
      "admin:nobody-now",
      `code:${code.value.id}`,
      "code:WXYZ7654",
      "api_key:ab12cd",
      "session:abc",
      null,
    ];
    const en = await labelAuditTargets(targets, "en");
    expect(plain(en.get("batch:LOT-AUDIT-7")?.text)).toBe(`print run LOT-AUDIT-7 (${product.name})`);
    expect(en.get("batch:LOT-AUDIT-7")?.href).toBe(`/admin/dashboard/batches/${run.value.id}`);
    expect(en.get("batch:LOT-GONE")).toEqual({ text: `print run ${LRI}LOT-GONE${PDI}`, href: null });
    expect(plain(en.get("alert:label-alert")?.text)).toBe("alert: Suspected clone, code ABCD-2345");
    expect(en.get("alert:label-alert")?.href).toBe("/admin/dashboard/alerts/label-alert");
    expect(en.has("alert:0000-gone")).toBe(false);
    expect(en.get("admin:audit-sara")).toEqual({ text: `member ${LRI}audit-sara${PDI}`, href: "/admin/dashboard/team" });
    expect(en.get("admin:nobody-now")?.href).toBeNull();
    expect(plain(en.get(`code:${code.value.id}`)?.text)).toBe("code AUDT-2345");
    expect(en.get(`code:${code.value.id}`)?.href).toBe("/admin/dashboard/codes?code=AUDT2345");
    expect(en.get("code:WXYZ7654")).toEqual({ text: `code ${LRI}WXYZ-7654${PDI}`, href: null });
    expect(plain(en.get("api_key:ab12cd")?.text)).toBe("API key ab12cd…");
    expect(en.has("session:abc")).toBe(false);

    const ar = await labelAuditTargets(targets, "ar");
    expect(plain(ar.get("batch:LOT-AUDIT-7")?.text)).toBe(`دفعة الطباعة LOT-AUDIT-7 (${getProduct(product.id)!.nameAr})`);
    expect(plain(ar.get("admin:audit-sara")?.text)).toBe("العضو audit-sara");
    expect(member.username).toBe("audit-sara");
  });

  it("asks each kind's owner once for the whole page, however many rows name it", async () => {
    vi.mocked(runsByLot).mockClear();
    vi.mocked(membersByUsername).mockClear();
    const many = Array.from({ length: 40 }, (_, i) => [`batch:LOT-${i}`, `admin:user-${i}`, `batch:LOT-${i}`]).flat();
    const labels = await labelAuditTargets(many, "en");
    expect([...labels.keys()].filter((k) => k.startsWith("batch:"))).toHaveLength(40);
    expect(runsByLot).toHaveBeenCalledTimes(1);
    expect(membersByUsername).toHaveBeenCalledTimes(1);
  });
});
