import type { Kysely } from "kysely";

/**
 * Taps of NFC tags (issue 41, decisions 195 and 196). A tag is a row of `codes`, as a two-part pack is:
 * its UID in `pack_serial` (unique), `code_hash`/`code_enc` the keyed hash and the seal of
 * `UID/SDMFileReadKey`.
 *
 * - `codes.tag_counter`: the highest SUN read counter accepted from the tag (null before its first
 *   genuine tap); a tap is genuine only when its counter is above it, decided by one conditional
 *   UPDATE. `codes.tag_taps`: its genuine taps. (Its first genuine tap sets `verified_at`.)
 * - `scans.tap`: 1 for a tap. Stored as a check (`kind = 'check'`, its CHECK and its rows stay as they
 *   are: the scan log is the largest table, and rebuilding it would copy every row at start-up), shown
 *   and counted as kind `tap` — the way `recalled` and `wrong_pin` are flags on a stored outcome
 *   (decisions 153, 165). `scans.tag_counter`: the counter the tap carried (null when unreadable).
 * - `scan_daily.taps`, `scan_daily_country.taps`: taps per day and outcome, apart from checks (`n`)
 *   and pack views (`views`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("codes").addColumn("tag_counter", "integer").execute();
  await db.schema
    .alterTable("codes")
    .addColumn("tag_taps", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("scans")
    .addColumn("tap", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("scans").addColumn("tag_counter", "integer").execute();
  for (const table of ["scan_daily", "scan_daily_country"]) {
    await db.schema
      .alterTable(table)
      .addColumn("taps", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["scan_daily_country", "scan_daily"]) await db.schema.alterTable(table).dropColumn("taps").execute();
  await db.schema.alterTable("scans").dropColumn("tag_counter").execute();
  await db.schema.alterTable("scans").dropColumn("tap").execute();
  await db.schema.alterTable("codes").dropColumn("tag_taps").execute();
  await db.schema.alterTable("codes").dropColumn("tag_counter").execute();
}
