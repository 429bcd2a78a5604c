import type { Batch } from "@db/schema";

/** A run's open recall, as the API gives it; null when the run is not recalled (never, or lifted). */
export type RecallView = { since: string; notice_en: string; notice_ar: string; by: string };

/** A recall is open while `recall_since` is set and `recall_lifted_at` is not (decision 153). */
export function isRecalled(batch: Pick<Batch, "recall_since" | "recall_lifted_at">): boolean {
  return batch.recall_since !== null && batch.recall_lifted_at === null;
}

export function recallOf(batch: Pick<Batch, "recall_since" | "recall_lifted_at" | "recall_notice_en" | "recall_notice_ar" | "recall_by">): RecallView | null {
  if (!isRecalled(batch)) return null;
  return { since: batch.recall_since!, notice_en: batch.recall_notice_en ?? "", notice_ar: batch.recall_notice_ar ?? "", by: batch.recall_by ?? "" };
}
