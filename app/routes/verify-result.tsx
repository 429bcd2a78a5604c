import { data } from "react-router";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { shopperHeaders } from "~/platform/http/private.server";
import { loadVerifyResult } from "~/features/check/screens/verify-result-loader.server";
import { VerifyScreen } from "~/features/check/screens/verify-screen";
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
  const { verification, result } = await loadVerifyResult(context, params.scanId);
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
