import type { TFunction } from "i18next";
import type { TapReason } from "./json";

/** How a tap's answer reads, by its state: genuine, genuine but recalled, or the reason it is not. */
export type TapState = "genuine" | "recalled" | TapReason | "malformed";

/** A tap's state from its answer: genuine (recalled when its run is), or the reason it is not. */
export function tapState(answer: { isValid: boolean; reason: TapReason | null; recalled: boolean }): TapState {
  if (answer.isValid) return answer.recalled ? "recalled" : "genuine";
  return answer.reason ?? "unknown_tag";
}

/** The title and sentence a shopper reads for a tap's state (the page and the API's message say the same). */
export function tapWords(t: TFunction<"verify">, state: TapState): { title: string; message: string } {
  switch (state) {
    case "genuine":
      return { title: t("tap.genuineTitle"), message: t("tap.genuine") };
    case "recalled":
      return { title: t("tap.recalledTitle"), message: t("tap.recalled") };
    case "replayed":
      return { title: t("tap.replayedTitle"), message: t("tap.replayed") };
    case "bad_mac":
      return { title: t("tap.forgedTitle"), message: t("tap.badMac") };
    case "unknown_tag":
      return { title: t("tap.forgedTitle"), message: t("tap.unknown") };
    case "revoked":
      return { title: t("tap.revokedTitle"), message: t("tap.revoked") };
    case "malformed":
      return { title: t("tap.malformedTitle"), message: t("tap.malformed") };
  }
}
