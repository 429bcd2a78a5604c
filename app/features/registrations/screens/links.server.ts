import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "@db/db.server";
import type { Registration } from "@db/schema";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { shopperHeaders } from "~/platform/http/private.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { sendUnsubscribeLink } from "../mails.server";
import { confirmRegistration, findByUnsubscribeToken, findPendingByToken, unsubscribe } from "../registrations.server";
import type { LinkView } from "./link-screens";

export const CONFIRMED_PATH = "/registrations/confirmed";
export const UNSUBSCRIBED_PATH = "/registrations/unsubscribed";

/** The product's name (in the page's language) and lot of a registration's run. */
async function linkView(context: Readonly<RouterContextProvider>, registration: Registration | undefined): Promise<LinkView> {
  if (!registration) return { valid: false };
  const db = await getDb();
  const run = await db.selectFrom("batches").select(["lot", "product_id"]).where("id", "=", registration.batch_id).executeTakeFirst();
  const product = run ? getProduct(run.product_id) : undefined;
  return { valid: true, lot: run?.lot ?? "", product: product ? productName(product, requestLanguage(context)) : "" };
}

/** The page of a link: its view; 410 for an unsubscribe link past its days, 404 when the link does not work (used, expired, unknown). */
const answer = (context: Readonly<RouterContextProvider>, view: LinkView) =>
  data({ view, i18n: routeBundles(context, ["registrations"]) }, { status: view.valid ? 200 : view.expired ? 410 : 404, headers: shopperHeaders() });

/** An expired unsubscribe link (it is ours and its registration exists): its page offers a fresh one. */
const EXPIRED: LinkView = { valid: false, expired: true };

/** GET /registrations/confirm/{token}: shows a button; nothing is confirmed by opening the link. */
export async function loadConfirmPage(context: Readonly<RouterContextProvider>, token: string | undefined) {
  return answer(context, await linkView(context, await findPendingByToken(token)));
}

/** POST /registrations/confirm/{token}: confirms (once, within 7 days), then Post/Redirect/Get. */
export async function confirmAction(context: Readonly<RouterContextProvider>, token: string | undefined) {
  const confirmed = await orUnavailable("Confirming a registration", () => confirmRegistration(token));
  if (!confirmed.ok) throw data(null, { status: 503 });
  if (!confirmed.value.ok) return answer(context, { valid: false });
  return redirect(CONFIRMED_PATH);
}

/** GET /registrations/unsubscribe/{token}: shows a button (or, for a link past its days, a fresh link to ask for); nothing is deleted by opening it. */
export async function loadUnsubscribePage(context: Readonly<RouterContextProvider>, token: string | undefined) {
  const link = await findByUnsubscribeToken(token);
  if (link?.expired) return answer(context, EXPIRED);
  return answer(context, await linkView(context, link?.registration));
}

/**
 * POST /registrations/unsubscribe/{token}: deletes the registration. The page's button goes on to
 * "You are unsubscribed"; a mail client's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`,
 * no form token, no cookie) gets 200 at once. A link already used answers the same: it is gone. A link
 * past UNSUBSCRIBE_DAYS deletes nothing (410); its page's `intent=resend` mails a fresh link to the
 * registration's own address (at most one a day) and answers "check your inbox" whatever happened.
 */
export async function unsubscribeAction(request: Request, context: Readonly<RouterContextProvider>, token: string | undefined) {
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") === "resend") {
    const sent = await orUnavailable("Sending a fresh unsubscribe link", async () => {
      const link = await findByUnsubscribeToken(token);
      if (link?.expired) await sendUnsubscribeLink(link.registration);
    });
    if (!sent.ok) throw data(null, { status: 503 });
    return data({ resent: true as const }, { headers: shopperHeaders() });
  }
  const deleted = await orUnavailable("Unsubscribing a registration", () => unsubscribe(token));
  if (!deleted.ok) throw data(null, { status: 503 });
  if (deleted.value === "expired") return answer(context, EXPIRED);
  if (form.get("List-Unsubscribe") === "One-Click") return data({ unsubscribed: true as const }, { headers: shopperHeaders() });
  return redirect(UNSUBSCRIBED_PATH);
}
