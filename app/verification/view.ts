import type { ScanOutcome } from "@db/schema";

/** What a result view shows: the recorded check, in the visitor's language (the browser adds the time zone). */
export type ResultView = {
  scanId: string;
  isValid: boolean;
  outcome: ScanOutcome;
  /** The normalised input (the stored code when one matched). */
  input: string;
  /** The checked code, grouped (ABCD-1234). */
  code: string;
  /** When this check was made (ISO). */
  checkedAt: string;
  /** When the code was first verified (ISO): for an already used code, the earlier check. */
  verifiedAt: string | null;
  product: { id: string; name: string; image: string | null } | null;
};
