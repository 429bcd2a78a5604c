import { data } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { DoneScreen, type DoneKind } from "~/features/registrations/screens/link-screens";
import type { Route } from "./+types/registration-done";

export const headers = shopperHeaders;

const KINDS: readonly DoneKind[] = ["check-inbox", "confirmed", "unsubscribed"];

/** /registrations/check-inbox, /confirmed and /unsubscribed: where a registration's forms lead (Post/Redirect/Get). */
export function loader({ request, context }: Route.LoaderArgs) {
  const last = new URL(request.url).pathname.replace(/\/+$/, "").split("/").at(-1);
  const kind = KINDS.find((k) => k === last) ?? "check-inbox";
  return data({ kind, i18n: routeBundles(context, ["registrations"]) }, { headers: shopperHeaders() });
}

export default function RegistrationDone({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <DoneScreen kind={loaderData.kind} />;
}
