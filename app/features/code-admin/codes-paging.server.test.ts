import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { getConnection, getDb, getSqlite } from "@db/db.server";
import { products } from "~/platform/catalog/catalog";
import { plain, sealed } from "../../../tests/unit/codes";
import { emptyTables } from "../../../tests/unit/db";
import { codeCounts, createCode, deleteCode, expireCode, listCodes } from "./codes.server";

// Counts come from trigger-maintained rows and pages past the middle of a tab are read from the
// oldest end (docs/decisions/063): both must give exactly what counting and OFFSET paging would.

const productId = () => products[0]!.id;

beforeEach(() => emptyTables("scans", "codes"));

async function seed(count: number) {
  const db = await getDb();
  const statuses = ["active", "expired", "active", "revoked", "active"] as const;
  for (let i = 0; i < count; i++) {
    const status = statuses[i % statuses.length]!;
    await db
      .insertInto("codes")
      .values({
        id: `id-${String(i).padStart(4, "0")}`,
        ...sealed(`PAGE${String(i).padStart(4, "0")}`),
        product_id: productId(),
        status,
        // Some share a creation time, so the id decides their order.
        created_at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 2))).toISOString(),
        expired_at: status === "active" ? null : new Date(Date.UTC(2026, 1, 1)).toISOString(),
        verified_at: null,
      })
      .execute();
  }
}

/** What the lists must show: the plain query, counted and paged by OFFSET. */
async function expected(tab: "active" | "expired") {
  const db = await getDb();
  const rows = await db
    .selectFrom("codes")
    .select(["code_hash", "code_enc"])
    .where("status", tab === "active" ? "=" : "!=", "active")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(plain);
}

describe("code lists at any depth", () => {
  it("every page of both tabs equals OFFSET paging of the whole tab, in both halves", async () => {
    await seed(67);
    for (const tab of ["active", "expired"] as const) {
      const all = await expected(tab);
      const pages = Math.ceil(all.length / 10);
      const seen: string[] = [];
      for (let page = 1; page <= pages + 1; page++) {
        const result = await listCodes(tab, page);
        if (!result.ok) throw new Error(result.error);
        const list = result.value;
        expect(list.pagination.total_count).toBe(all.length);
        expect(list.items.map(plain)).toEqual(all.slice((page - 1) * 10, page * 10));
        seen.push(...list.items.map(plain));
      }
      expect(seen).toEqual(all);
    }
  });

  it("the lists use the tab index, with no sort of the whole tab", async () => {
    const db = await getDb();
    for (const active of [true, false]) {
      const compiled = db
        .selectFrom("codes")
        .selectAll()
        .where(sql<boolean>`(${sql.ref("status")} = 'active')`, "=", sql.lit(active))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(10)
        .offset(10)
        .compile();
      const details = (await queryPlan(compiled.sql, compiled.parameters as unknown[])).join(" | ");
      // codes_tab_created_idx on SQLite; codes_tab_created_active_idx / _ended_idx on PostgreSQL.
      expect(details).toMatch(active ? /codes_tab_created_(active_)?idx/ : /codes_tab_created_(ended_)?idx/);
      expect(details).not.toMatch(/TEMP B-TREE|Sort/);
    }
  });
});

/**
 * The engine's query plan, one line per step. PostgreSQL plans a table this small with a sequential
 * scan and a sort whatever the indexes, so sequential scans are switched off for the question
 * "can this query use the index in list order?".
 */
async function queryPlan(text: string, parameters: unknown[]): Promise<string[]> {
  const connection = await getConnection();
  if (connection.engine === "sqlite") {
    const rows = (await getSqlite()).prepare(`EXPLAIN QUERY PLAN ${text}`).all(...parameters) as { detail: string }[];
    return rows.map((r) => r.detail);
  }
  const client = await connection.pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL enable_seqscan = off");
    await client.query("SET LOCAL enable_bitmapscan = off");
    const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, parameters);
    await client.query("ROLLBACK");
    return result.rows.map((r) => r["QUERY PLAN"]);
  } finally {
    client.release();
  }
}

describe("trigger-maintained counts", () => {
  it("follow creation, expiry, verification, deletion and raw status changes", async () => {
    const db = await getDb();
    expect(await codeCounts()).toEqual({ active: 0, expired: 0 });
    const a = await createCode({ code: "CNT-AAAA-7", productId: productId() });
    const b = await createCode({ code: "CNT-BBBB-7", productId: productId() });
    await createCode({ code: "CNT-CCCC-7", productId: productId() });
    expect(await codeCounts()).toEqual({ active: 3, expired: 0 });
    if (!a.ok || !b.ok) throw new Error("create failed");
    await expireCode(a.value.id);
    expect(await codeCounts()).toEqual({ active: 2, expired: 1 });
    await db.updateTable("codes").set({ status: "revoked" }).where("id", "=", b.value.id).execute();
    expect(await codeCounts()).toEqual({ active: 1, expired: 2 });
    // An update that leaves the status as it was changes nothing.
    await db.updateTable("codes").set({ status: "revoked", expired_at: "2026-01-01T00:00:00.000Z" }).where("id", "=", b.value.id).execute();
    await deleteCode(a.value.id);
    expect(await codeCounts()).toEqual({ active: 1, expired: 1 });
    const [real] = await db.selectFrom("codes").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "active").execute();
    expect(Number(real!.n)).toBe(1);
  });
});
