import type { Kysely } from "kysely";

/**
 * Recalls of print runs (issue 28, decision 153).
 *
 * - `batches.recall_*`: the run's recall, one at a time: since when (YYYY-MM-DD), its notice in English
 *   and Arabic, who recalled it and when, when it was last updated and by whom, and when it was lifted
 *   and by whom. A recall is open while `recall_since` is set and `recall_lifted_at` is not; recalling a
 *   run again after a lift writes over the lifted one (the audit trail keeps every step).
 * - `scans.recalled`: 1 when a check consumed a code of a run under an open recall. The stored outcome
 *   stays `valid` (the check consumed a genuine code; the clone signals read it so), and the scan's
 *   outcome as the product shows it is `recalled`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of [
    "recall_since",
    "recall_notice_en",
    "recall_notice_ar",
    "recall_by",
    "recall_at",
    "recall_updated_by",
    "recall_updated_at",
    "recall_lifted_by",
    "recall_lifted_at",
  ]) {
    await db.schema.alterTable("batches").addColumn(column, "text").execute();
  }
  await db.schema
    .alterTable("scans")
    .addColumn("recalled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("scans").dropColumn("recalled").execute();
  for (const column of [
    "recall_lifted_at",
    "recall_lifted_by",
    "recall_updated_at",
    "recall_updated_by",
    "recall_at",
    "recall_by",
    "recall_notice_ar",
    "recall_notice_en",
    "recall_since",
  ]) {
    await db.schema.alterTable("batches").dropColumn(column).execute();
  }
}
