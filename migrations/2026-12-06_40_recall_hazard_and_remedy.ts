import type { Kysely } from "kysely";

/**
 * A recall's notice as the EU General Product Safety Regulation's template has it (issue 40, decision
 * 191): besides the brand's notice (`recall_notice_*`), the hazard (what can happen to someone who
 * uses the product) and the remedy (what the brand offers: a refund, a replacement), each in English
 * and Arabic. Null for the recalls made before, whose pages show the notice alone until it is updated.
 */
const COLUMNS = ["recall_hazard_en", "recall_hazard_ar", "recall_remedy_en", "recall_remedy_ar"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("batches").addColumn(column, "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("batches").dropColumn(column).execute();
}
