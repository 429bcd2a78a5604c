import type { Batch, Scan, ScanOutcome, ShownScanKind } from "@db/schema";

/** Every outcome a scan is shown and counted with (`ScanOutcome`), in the order the screens list them. */
export const SCAN_OUTCOMES = ["valid", "recalled", "used", "replayed", "wrong_pin", "bad_mac", "unknown", "expired", "revoked"] as const satisfies readonly ScanOutcome[];

/** `check`: a code checked or a PIN redeemed; `view`: a pack's public page opened (issue 27); `tap`: an NFC tag tapped (issue 41). */
export const SCAN_KINDS = ["check", "view", "tap"] as const satisfies readonly ShownScanKind[];

/**
 * A run's open recall, as the API gives it; null when the run is not recalled (never, or lifted). The
 * hazard and remedy (decision 191) are "" for a recall made before they were asked for.
 */
export type RecallView = { since: string; notice_en: string; notice_ar: string; hazard_en: string; hazard_ar: string; remedy_en: string; remedy_ar: string; by: string };

/** Text in both of the site's languages. */
type Both = { en: string; ar: string };

/**
 * A run's open recall as a shopper is told it (decisions 153, 191): since when (YYYY-MM-DD), the notice,
 * the hazard and the remedy in both languages ("" where a recall made before them has none).
 */
export type RecallFacts = Both & { since: string; hazard: Both; remedy: Both };

/** The recall columns of a run a shopper's answer reads. */
type RecallColumns = Pick<
  Batch,
  "recall_since" | "recall_lifted_at" | "recall_notice_en" | "recall_notice_ar" | "recall_hazard_en" | "recall_hazard_ar" | "recall_remedy_en" | "recall_remedy_ar"
>;

/** The open recall of a run, as a shopper is told it; null when it has none. */
export function recallFacts(batch: RecallColumns): RecallFacts | null {
  if (!isRecalled(batch)) return null;
  return {
    since: batch.recall_since!,
    en: batch.recall_notice_en ?? "",
    ar: batch.recall_notice_ar ?? "",
    hazard: { en: batch.recall_hazard_en ?? "", ar: batch.recall_hazard_ar ?? "" },
    remedy: { en: batch.recall_remedy_en ?? "", ar: batch.recall_remedy_ar ?? "" },
  };
}

/** A recall is open while `recall_since` is set and `recall_lifted_at` is not (decision 153). */
export function isRecalled(batch: Pick<Batch, "recall_since" | "recall_lifted_at">): boolean {
  return batch.recall_since !== null && batch.recall_lifted_at === null;
}

export function recallOf(batch: RecallColumns & Pick<Batch, "recall_by">): RecallView | null {
  const facts = recallFacts(batch);
  if (!facts) return null;
  const { since, en, ar, hazard, remedy } = facts;
  return { since, notice_en: en, notice_ar: ar, hazard_en: hazard.en, hazard_ar: hazard.ar, remedy_en: remedy.en, remedy_ar: remedy.ar, by: batch.recall_by ?? "" };
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
