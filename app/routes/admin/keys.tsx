import { getAdmin } from "~/features/sessions/guard.server";
import { keysAction } from "~/features/keys/screens/keys-action.server";
import { loadKeysScreen } from "~/features/keys/screens/keys-loader.server";
import { KeysScreen } from "~/features/keys/screens/keys-screen";
import { privateData, privateHeaders } from "~/platform/http/private.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import type { Route } from "./+types/keys";

/** /admin/dashboard/keys (owners): API keys for machines (see ~/features/keys/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return privateData(await loadKeysScreen(request, context));
}

export const headers = privateHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return keysAction(request, context, getAdmin(context));
}

export default function Keys({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <KeysScreen data={loaderData} />;
}
