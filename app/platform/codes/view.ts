import type { ScanOutcome } from "@db/schema";
import { formatDate } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import type { RecallFacts } from "./outcomes";

/**
 * A run's open recall as a page shows it (decisions 153, 191): since when (formatted, and its day
 * YYYY-MM-DD for machines), the notice, the
 * hazard and the remedy in the page's language ("" where a recall made before them has none), and the
 * product's GTIN-14 when the page knows it (the EU recall notice names it).
 */
export type RecallShown = { since: string; day: string; notice: string; hazard: string; remedy: string; gtin: string | null };

export function recallShown(recall: RecallFacts | null | undefined, language: Language, gtin: string | null = null): RecallShown | null {
  if (!recall) return null;
  return { since: formatDate(recall.since, language), day: recall.since, notice: recall[language], hazard: recall.hazard[language], remedy: recall.remedy[language], gtin };
}

/** What a result view shows: the recorded check, in the visitor's language (the browser adds the time zone). */
export type ResultView = {
  scanId: string;
  isValid: boolean;
  outcome: ScanOutcome;
  /** The normalised input (the stored code when one matched). */
  input: string;
  /** The checked code, grouped (ABCD-1234), or a pack's serial as printed. */
  code: string;
  /** A redeemed pack's serial (the input was a PIN redemption); null for a code. */
  packSerial: string | null;
  /** When this check was made (ISO). */
  checkedAt: string;
  /** When the code was first verified (ISO): for an already used code, the earlier check. */
  verifiedAt: string | null;
  product: { id: string; name: string; image: string | null } | null;
  /** The print run's lot and best-before date (formatted in the language), or null. */
  lot: string | null;
  bestBefore: string | null;
  /** Checked after its best-before day (YYYY-MM-DD): genuine, but past its date (said plainly). */
  pastBestBefore: string | null;
  /** The run's open recall: genuine, but recalled (amber, with the notice). */
  recall: RecallShown | null;
};
