import { getAdmin } from "~/features/sessions/guard.server";
import { webhooksAction } from "~/features/webhooks/screens/webhooks-action.server";
import { loadWebhooksScreen } from "~/features/webhooks/screens/webhooks-loader.server";
import { WebhooksScreen } from "~/features/webhooks/screens/webhooks-screen";
import { privateData, privateHeaders } from "~/platform/http/private.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import type { Route } from "./+types/webhooks";

/** /admin/dashboard/webhooks (owners): managed webhook endpoints (see ~/features/webhooks/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return privateData(await loadWebhooksScreen(request, context));
}

export const headers = privateHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return webhooksAction(request, context, getAdmin(context));
}

export default function Webhooks({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <WebhooksScreen data={loaderData} />;
}
