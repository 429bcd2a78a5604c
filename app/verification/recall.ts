import type { Batch, Scan, ScanOutcome, ShownScanKind } from "@db/schema";

/** A run's open recall, as the API gives it; null when the run is not recalled (never, or lifted). */
export type RecallView = { since: string; notice_en: string; notice_ar: string; by: string };

/** A run's open recall as a shopper is told it (decision 153): since when (YYYY-MM-DD), and the notice in both languages. */
export type RecallFacts = { since: string; en: string; ar: string };

/** A recall is open while `recall_since` is set and `recall_lifted_at` is not (decision 153). */
export function isRecalled(batch: Pick<Batch, "recall_since" | "recall_lifted_at">): boolean {
  return batch.recall_since !== null && batch.recall_lifted_at === null;
}

export function recallOf(batch: Pick<Batch, "recall_since" | "recall_lifted_at" | "recall_notice_en" | "recall_notice_ar" | "recall_by">): RecallView | null {
  if (!isRecalled(batch)) return null;
  return { since: batch.recall_since!, notice_en: batch.recall_notice_en ?? "", notice_ar: batch.recall_notice_ar ?? "", by: batch.recall_by ?? "" };
}

/**
 * A scan's outcome as the product shows and counts it: a consuming check of a recalled run's code is
 * `recalled` (decision 153); a redemption of one of our packs with a PIN that is not its own is
 * `wrong_pin` (decision 165). Both are flags on the stored outcome. A tap of an NFC tag (decision 196)
 * with a counter already seen is `replayed` (stored `used`), one of a tag we made whose MAC is wrong
 * `bad_mac` (stored `unknown`, with the tag's code).
 */
export function shownOutcome(scan: Pick<Scan, "outcome" | "recalled" | "wrong_pin" | "tap" | "code_id">): ScanOutcome {
  if (scan.outcome === "valid" && Number(scan.recalled) === 1) return "recalled";
  if (scan.outcome === "unknown" && Number(scan.wrong_pin) === 1) return "wrong_pin";
  if (Number(scan.tap) === 1 && scan.outcome === "used") return "replayed";
  if (Number(scan.tap) === 1 && scan.outcome === "unknown" && scan.code_id !== null) return "bad_mac";
  return scan.outcome;
}

/** A scan's kind as the product shows and counts it: a tap of an NFC tag is a stored `check` with `tap = 1` (decision 196). */
export function shownKind(scan: Pick<Scan, "kind" | "tap">): ShownScanKind {
  return Number(scan.tap) === 1 ? "tap" : scan.kind;
}

/** A genuine pack's outcome: consumed now (`valid`), or consumed now from a recalled run (`recalled`). */
export const isGenuineOutcome = (outcome: ScanOutcome): boolean => outcome === "valid" || outcome === "recalled";

/**
 * An outcome the shopper was told "counterfeit" for: anything neither genuine nor a wrong PIN on a pack
 * we made (a typo to correct, never a verdict: decision 165).
 */
export const isCounterfeitOutcome = (outcome: ScanOutcome): boolean => !isGenuineOutcome(outcome) && outcome !== "wrong_pin";
