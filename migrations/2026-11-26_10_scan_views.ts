import { sql, type Kysely } from "kysely";

/**
 * Views of packs' public pages counted apart (issue 27, decision 146's open point).
 *
 * - `scan_daily.views` and `scan_daily_country.views`: scans of kind `view` per row's dimension, day
 *   and outcome, beside `n`, which keeps counting checks only (codes checked and PINs redeemed), so
 *   every figure read from `n` is unchanged. The scan log counts views from them and the dashboard
 *   shows them apart from verifications.
 * - The views recorded before this migration (never in the aggregates until now) are added here.
 */

const ROWS_PER_INSERT = 500;

type Grouped = { day: string; outcome: string; product_id: string | null; batch_id: string | null; country: string | null; n: number | string };

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["scan_daily", "scan_daily_country"]) {
    await db.schema
      .alterTable(table)
      .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }

  const day = sql`substr(created_at, 1, 10)`;
  const { rows } = await sql<Grouped>`SELECT ${day} AS day, outcome, product_id, batch_id, country, count(*) AS n FROM scans
    WHERE kind = 'view' GROUP BY ${day}, outcome, product_id, batch_id, country`.execute(db);
  const daily = new Map<string, { dim: string; value: string; day: string; outcome: string; views: number }>();
  const byCountry = new Map<string, { dim: string; value: string; country: string; day: string; outcome: string; views: number }>();
  const add = <R extends { views: number }>(into: Map<string, R>, row: Omit<R, "views">, n: number) => {
    const key = Object.values(row).join("\u0000");
    const entry = into.get(key) ?? ({ ...row, views: 0 } as R);
    entry.views += n;
    into.set(key, entry);
  };
  for (const row of rows) {
    const n = Number(row.n);
    const base = { day: row.day, outcome: row.outcome };
    const country = row.country ?? "";
    add(daily, { dim: "all", value: "", ...base }, n);
    add(daily, { dim: "country", value: country, ...base }, n);
    for (const [dim, value] of [["product", row.product_id], ["batch", row.batch_id]] as const) {
      if (!value) continue;
      add(daily, { dim, value, ...base }, n);
      add(byCountry, { dim, value, country, ...base }, n);
    }
  }
  const upsert = async (table: string, key: string[], values: Record<string, unknown>[]) => {
    for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
      await db
        .insertInto(table)
        .values(values.slice(i, i + ROWS_PER_INSERT).map((row) => ({ ...row, n: 0 })))
        .onConflict((oc) => oc.columns(key).doUpdateSet({ views: sql`${sql.ref(`${table}.views`)} + ${sql.ref("excluded.views")}` }))
        .execute();
    }
  };
  await upsert("scan_daily", ["dim", "value", "day", "outcome"], [...daily.values()]);
  await upsert("scan_daily_country", ["dim", "value", "country", "day", "outcome"], [...byCountry.values()]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("scan_daily_country").dropColumn("views").execute();
  await db.schema.alterTable("scan_daily").dropColumn("views").execute();
}
