import { shopperHeaders } from "~/platform/http/private.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { DoneScreen, LinkScreen } from "~/features/registrations/screens/link-screens";
import { loadUnsubscribePage, unsubscribeAction } from "~/features/registrations/screens/links.server";
import type { Route } from "./+types/registration-unsubscribe";

export const headers = shopperHeaders;

/**
 * /registrations/unsubscribe/{token}: every mail's unsubscribe link (decision 162). GET shows a button;
 * POST deletes the registration, a mail client's RFC 8058 one-click POST too. A link past its 90 days
 * offers a fresh one by mail instead (issue 42).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadUnsubscribePage(context, params.token);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return unsubscribeAction(request, context, params.token);
}

export default function RegistrationUnsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  if (actionData && "unsubscribed" in actionData) return <DoneScreen kind="unsubscribed" />;
  if (actionData && "resent" in actionData) return <DoneScreen kind="link-sent" />;
  return <LinkScreen kind="unsubscribe" view={actionData && "view" in actionData ? actionData.view : loaderData.view} action={`/registrations/unsubscribe/${params.token}`} />;
}
