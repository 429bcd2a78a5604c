import { getAdmin } from "~/features/sessions/guard.server";
import { privateData, privateHeaders } from "~/platform/http/private.server";
import { loadContactsScreen } from "~/features/contact/screens/contacts-loader.server";
import { ContactsScreen } from "~/features/contact/screens/contacts-screen";
import type { Route } from "./+types/contacts";

/** /admin/dashboard/contacts: the messages visitors sent, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return privateData(await loadContactsScreen(request));
}

export const headers = privateHeaders;

export default function Contacts({ loaderData }: Route.ComponentProps) {
  return <ContactsScreen data={loaderData} />;
}
