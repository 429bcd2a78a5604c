import { shopperHeaders } from "~/platform/http/private.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { LinkScreen } from "~/features/registrations/screens/link-screens";
import { confirmAction, loadConfirmPage } from "~/features/registrations/screens/links.server";
import type { Route } from "./+types/registration-confirm";

export const headers = shopperHeaders;

/** /registrations/confirm/{token}: the double opt-in link (decision 162). GET shows a button; POST confirms. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadConfirmPage(context, params.token);
}

export async function action({ params, context }: Route.ActionArgs) {
  return confirmAction(context, params.token);
}

export default function RegistrationConfirm({ loaderData, actionData, params }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <LinkScreen kind="confirm" view={actionData?.view ?? loaderData.view} action={`/registrations/confirm/${params.token}`} />;
}
