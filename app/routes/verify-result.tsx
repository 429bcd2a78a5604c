import { data } from "react-router";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { formatDate } from "~/platform/i18n/format";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { shopperHeaders } from "~/platform/http/private.server";
import { toGtin14 } from "~/platform/codes/digital-link";
import { shownInput } from "~/platform/codes/messages";
import { getVerification } from "~/features/check/verify.server";
import { VerifyScreen } from "~/features/check/screens/verify-screen";
import { recallShown, type ResultView } from "~/platform/codes/view";
import { offersRegistration } from "~/features/registrations/registrations.server";
import { registrationAction } from "~/features/registrations/screens/registration-action.server";
import { RegistrationForm } from "~/features/registrations/screens/registration-form";
import type { Route } from "./+types/verify-result";

export const headers = shopperHeaders;

/**
 * The result of one recorded check (Post/Redirect/Get target). Reloading, going back or sharing the
 * link shows the same answer again and never checks or consumes anything. A genuine check of a print
 * run offers the sign-up for the product's safety notices (decision 162), posted to this URL.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const verification = await getVerification(params.scanId);
  // A pack page's view is no check: its id leads to the counterfeit report only, never to a result.
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
  const registration = offersRegistration(verification);
  const bundles = routeBundles(context, registration ? ["verify", "scanner.button", "registrations"] : ["verify", "scanner.button"]);
  return data({ result, registration, i18n: bundles }, { headers: shopperHeaders() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return registrationAction(request, context, params.scanId);
}

export default function VerifyResult({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { result, registration } = loaderData;
  return (
    <VerifyScreen result={result} dialog={!actionData}>
      {registration ? <RegistrationForm scanId={result.scanId} refusal={actionData?.registration} /> : null}
    </VerifyScreen>
  );
}
