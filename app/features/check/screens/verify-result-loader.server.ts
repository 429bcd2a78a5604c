import { data, type RouterContextProvider } from "react-router";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { formatDate } from "~/platform/i18n/format";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import { toGtin14 } from "~/platform/codes/digital-link";
import { shownInput } from "~/platform/codes/messages";
import { recallShown, type ResultView } from "~/platform/codes/view";
import { getVerification } from "../verify.server";

/**
 * One recorded check as its result page shows it (Post/Redirect/Get target), and the check itself;
 * a pack page's view is no check: its id leads to the counterfeit report only, never to a result (404).
 */
export async function loadVerifyResult(context: Readonly<RouterContextProvider>, scanId: string) {
  const verification = await getVerification(scanId);
  if (!verification || verification.kind === "view") throw data(null, { status: 404 });
  const language = requestLanguage(context);
  const product = verification.productId ? getProduct(verification.productId) : undefined;
  const result: ResultView = {
    scanId: verification.scanId,
    isValid: verification.isValid,
    outcome: verification.outcome,
    input: verification.input,
    code: shownInput(verification),
    packSerial: verification.packSerial,
    checkedAt: verification.checkedAt,
    verifiedAt: verification.outcome === "used" ? verification.verifiedAt : null,
    product: product ? { id: product.id, name: productName(product, language), image: product.images[0] ?? null } : null,
    lot: verification.batch?.lot ?? null,
    bestBefore: verification.batch?.bestBefore ? formatDate(verification.batch.bestBefore, language) : null,
    pastBestBefore: verification.pastBestBefore,
    recall: recallShown(verification.batch?.recall, language, product ? toGtin14(product.gtin) : null),
  };
  return { verification, result };
}
