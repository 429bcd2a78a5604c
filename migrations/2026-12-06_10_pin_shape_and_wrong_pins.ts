import type { Kysely } from "kysely";

/**
 * A wrong PIN is a typo, not a verdict (issue 38, decision 165).
 *
 * - `batches.pin_length`: how many characters a two-part run's PINs have. Runs made before this
 *   migration have 8 (the length of a one-time code, which is why a PIN typed on /verify could not be
 *   told from one); new runs have 9, a shape no one-time code is given. Null for single-code runs.
 * - `scans.wrong_pin`: 1 when a redemption named a pack we made with a PIN that is not its own. The
 *   stored outcome stays `unknown` (as `recalled` is a stored `valid` with a flag, decision 153, so
 *   the scan log's CHECK constraint and its rows stay as they are); the outcome the product shows and
 *   counts is `wrong_pin`, with the pack's code, product and run copied onto the scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("batches").addColumn("pin_length", "integer").execute();
  await db.updateTable("batches").set({ pin_length: 8 }).where("label_kind", "=", "two_part").execute();
  await db.schema
    .alterTable("scans")
    .addColumn("wrong_pin", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("scans").dropColumn("wrong_pin").execute();
  await db.schema.alterTable("batches").dropColumn("pin_length").execute();
}
