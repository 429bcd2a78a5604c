import { data } from "react-router";
import { getAdmin } from "~/auth/guard.server";
import { loadContactsScreen } from "~/contact/screens/contacts-loader.server";
import { ContactsScreen } from "~/contact/screens/contacts-screen";
import type { Route } from "./+types/contacts";

/** /admin/dashboard/contacts: the messages visitors sent, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return data(await loadContactsScreen(request), { headers: { "Cache-Control": "no-store" } });
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  return <ContactsScreen data={loaderData} />;
}
