import { sql, type Kysely } from "kysely";

/**
 * Two-part print runs (issue 27): a pack is a row of `codes`.
 *
 * - `batches.label_kind`: `single` (every run made before, and the API's default) or `two_part`.
 * - `codes.pack_serial`: a two-part run's public serial (10–12 characters of the label alphabet),
 *   unique across the table (a unique index: SQLite cannot add a UNIQUE column); null for codes. The
 *   pack's secret PIN is kept as codes are (decision 081): `code_hash` is the keyed hash of
 *   `SERIAL/PIN`, `code_enc` seals that text; neither the PIN nor the pair is ever stored in plain.
 * - `scans.kind`: `check` (a code checked or a PIN redeemed: what consumes) or `view` (a pack's public
 *   page, which never consumes); `scans.pack_serial`: the serial a view or a redemption named.
 * - `scans_pack_idx` (only the rows with a serial): "wrong PINs on this serial by this client in the
 *   last 24 hours" is one range of it, "distinct clients with wrong PINs on this serial" another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("batches")
    .addColumn("label_kind", "text", (c) => c.notNull().defaultTo("single").check(sql`label_kind in ('single', 'two_part')`))
    .execute();

  await db.schema.alterTable("codes").addColumn("pack_serial", "text").execute();
  await db.schema.createIndex("codes_pack_serial_idx").on("codes").column("pack_serial").unique().execute();

  await db.schema
    .alterTable("scans")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("check").check(sql`kind in ('check', 'view')`))
    .execute();
  await db.schema.alterTable("scans").addColumn("pack_serial", "text").execute();
  await db.schema
    .createIndex("scans_pack_idx")
    .on("scans")
    .columns(["pack_serial", "kind", "outcome", "client_hash", "created_at"])
    .where(sql.ref("pack_serial"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("scans_pack_idx").execute();
  await db.schema.alterTable("scans").dropColumn("pack_serial").execute();
  await db.schema.alterTable("scans").dropColumn("kind").execute();
  await db.schema.dropIndex("codes_pack_serial_idx").execute();
  await db.schema.alterTable("codes").dropColumn("pack_serial").execute();
  await db.schema.alterTable("batches").dropColumn("label_kind").execute();
}
