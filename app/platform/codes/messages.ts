import type { TFunction } from "i18next";
import type { ScanOutcome } from "@db/schema";
import { formatDate, formatDateTime } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { isolated } from "~/platform/lib/bidi";
import { formatCode } from "./code-format";

/**
 * The words of a check's answer, shared by the server (the API's `message`, the toast after a
 * check, the result view's first render) and the browser (the same view in the visitor's own time
 * zone). Every code and date in them is isolated (~/platform/lib/bidi), so "3769-M7B9" reads left to right
 * inside Arabic text too.
 */
export type CheckFacts = {
  isValid: boolean;
  outcome: ScanOutcome;
  /** The normalised input (the stored code when one matched). */
  input: string;
  /** A pack's serial (a view or a PIN redemption): shown as printed, in place of a code. */
  packSerial?: string | null;
  /** When the code was first verified (ISO). */
  verifiedAt: string | null;
  /** A genuine code checked after its print run's best-before day: that day (YYYY-MM-DD). */
  pastBestBefore?: string | null;
  /** A wrong PIN on a pack we made: how many more may be entered today (decision 165). */
  attemptsLeft?: number | null;
};

/** When something happened, for a shopper: in the time zone given (UTC is named). */
export function checkTime(iso: string, language: Language, timeZone: string): string {
  return formatDateTime(iso, language, { month: "long", timeZone });
}

/** What a shopper's answer names: a pack's serial or the code, grouped in fours as printed (`ABCD-1234`). */
export function shownInput(facts: Pick<CheckFacts, "input" | "packSerial">): string {
  return formatCode(facts.packSerial ?? facts.input);
}

/** The one-line answer: the banner under the form, the toast after a check and the API's message. */
export function verificationMessage(t: TFunction<"verify">, facts: CheckFacts, language: Language, timeZone: string): string {
  const code = shownInput(facts);
  if (facts.outcome === "recalled") return t("result.recalled", isolated({ code }));
  // A typo, never a verdict (decision 165): what to check, and how many tries are left.
  if (facts.outcome === "wrong_pin") {
    const left = facts.attemptsLeft ?? 0;
    return left > 0 ? t("result.wrongPin", { ...isolated({ code }), count: left }) : t("result.wrongPinLast", isolated({ code }));
  }
  if (facts.isValid && facts.pastBestBefore) {
    return t("result.validPastDate", isolated({ code, date: formatDate(facts.pastBestBefore, language) }, ["date"]));
  }
  if (facts.isValid) return t("result.valid", isolated({ code }));
  if (facts.outcome === "used" && facts.verifiedAt) {
    return t("result.used", isolated({ code, date: checkTime(facts.verifiedAt, language, timeZone) }, ["date"]));
  }
  return t("result.invalid", isolated({ code }));
}
