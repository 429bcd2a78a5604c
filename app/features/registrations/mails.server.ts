import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { Transaction } from "kysely";
import { createElement as h, type ReactNode } from "react";
import type { Database, Registration } from "@db/schema";
import { getDb } from "@db/db.server";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { formatDate } from "~/platform/i18n/format";
import { fixedT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { isolated, ltr } from "~/platform/lib/bidi";
import { env } from "~/platform/lib/env.server";
import { kickMail, queueMail, type OutgoingMail } from "~/platform/mail/mail.server";
import { MailLayout, mailButton, mailText, renderMail, siteLink } from "~/platform/mail/render.server";
import { toGtin14 } from "~/platform/codes/digital-link";
import { claimRecallRecipients, confirmUrl, takeUnsubscribeLinkMail, unsubscribeUrl, type Registered } from "./registrations.server";

/**
 * The registered buyers' mails (decision 162), in the registrant's language: the double opt-in link,
 * and a recall's notice. Each carries the unsubscribe link in its footer and the RFC 8058 headers
 * (`List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). Queued in the
 * transaction that decided them; the caller kicks the sender after the commit.
 */

type Run = { lot: string; product_id: string };

const languageOf = (lang: string): Language => (lang === "ar" ? "ar" : "en");

/** The words of a mail about a run: the product's name in the language, the lot isolated left to right. */
function runWords(run: Run, lang: Language) {
  const product = getProduct(run.product_id);
  return isolated({ product: product ? productName(product, lang) : run.product_id, lot: run.lot }, ["product"]);
}

/** The RFC 8058 headers of a registration's mails. */
export function unsubscribeHeaders(registrationId: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl(registrationId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

async function registrationMail(to: { id: string; email: string; lang: Language }, subject: string, body: ReactNode[]): Promise<OutgoingMail> {
  const t = fixedT(to.lang, "mail");
  const footer = [
    h(Text, { key: "why", style: mailText }, t("registrations.footer", { site: new URL(env().SITE_URL).host })),
    h(Link, { key: "unsubscribe", href: unsubscribeUrl(to.id) }, t("registrations.unsubscribe")),
  ];
  const element = h(MailLayout, { lang: to.lang, preview: subject, footer }, ...body);
  return { to: to.email, subject, headers: unsubscribeHeaders(to.id), ...(await renderMail(element, to.lang)) };
}

/** The double opt-in mail: the confirmation link (7 days), its URL written out too. */
export async function confirmationMail(to: { id: string; email: string; lang: string }, token: string, run: Run): Promise<OutgoingMail> {
  const lang = languageOf(to.lang);
  const t = fixedT(lang, "mail");
  const words = runWords(run, lang);
  const link = confirmUrl(token);
  return registrationMail({ id: to.id, email: to.email, lang }, t("registrations.confirmSubject", { product: words.product }), [
    h(Text, { key: "intro", style: mailText }, t("registrations.confirmIntro", words)),
    h(Link, { key: "button", href: link, style: mailButton }, t("registrations.confirmButton")),
    h(Text, { key: "url", style: mailText }, link),
    h(Text, { key: "ignore", style: mailText }, t("registrations.confirmIgnore")),
  ]);
}

/** A fresh unsubscribe link, asked for from an expired one's page (issue 42): the link, its URL written out too. */
export async function unsubscribeLinkMail(to: { id: string; email: string; lang: string }, run: Run): Promise<OutgoingMail> {
  const lang = languageOf(to.lang);
  const t = fixedT(lang, "mail");
  const words = runWords(run, lang);
  const link = unsubscribeUrl(to.id);
  return registrationMail({ id: to.id, email: to.email, lang }, t("registrations.linkSubject", { product: words.product }), [
    h(Text, { key: "intro", style: mailText }, t("registrations.linkIntro", words)),
    h(Link, { key: "button", href: link, style: mailButton }, t("registrations.unsubscribe")),
    h(Text, { key: "url", style: mailText }, link),
    h(Text, { key: "ignore", style: mailText }, t("registrations.linkIgnore")),
  ]);
}

type RecalledRun = Run & {
  recall_since: string | null;
  recall_notice_en: string | null;
  recall_notice_ar: string | null;
  recall_hazard_en: string | null;
  recall_hazard_ar: string | null;
  recall_remedy_en: string | null;
  recall_remedy_ar: string | null;
};

const bold = { ...mailText, fontWeight: 700 };

/** A titled part of the notice, its lines as paragraphs; nothing for an empty text (a recall made before decision 191). */
function noticePart(key: string, title: string, text: string | null): ReactNode[] {
  const lines = (text ?? "").split(/\n+/).filter(Boolean);
  if (lines.length === 0) return [];
  return [h(Text, { key, style: bold }, title), ...lines.map((line, i) => h(Text, { key: `${key}-${i}`, style: mailText }, line))];
}

/**
 * A recall's notice to one registrant, in their language, as the EU recall notice reads (decision 191):
 * "Product safety recall", the product's picture, name, GTIN and lot, since when, the hazard, "Stop
 * using this product", what to do (the remedy), the brand's notice, and the product's page (its recall
 * shown first).
 */
export async function recallMail(to: { id: string; email: string; lang: string }, run: RecalledRun): Promise<OutgoingMail> {
  const lang = languageOf(to.lang);
  const t = fixedT(lang, "mail");
  const words = runWords(run, lang);
  const product = getProduct(run.product_id);
  const gtin = product ? toGtin14(product.gtin) : null;
  const date = isolated({ date: run.recall_since ? formatDate(run.recall_since, lang) : "" }, ["date"]).date;
  const pick = (en: string | null, ar: string | null) => (lang === "ar" ? ar : en);
  const image = product?.images[0];
  return registrationMail({ id: to.id, email: to.email, lang }, t("registrations.recallSubject", words), [
    h(Text, { key: "heading", style: { ...bold, fontSize: "20px", lineHeight: "28px" } }, t("registrations.recallHeading")),
    image ? h(Img, { key: "picture", src: siteLink(image), alt: productName(product!, lang), width: 96, height: 96 }) : null,
    h(Text, { key: "product", style: bold }, words.product),
    gtin ? h(Text, { key: "gtin", style: mailText }, t("registrations.recallGtin", { gtin: ltr(gtin) })) : null,
    h(Text, { key: "lot", style: mailText }, t("registrations.recallLot", { lot: words.lot })),
    h(Text, { key: "intro", style: mailText }, t("registrations.recallIntro", { ...words, date })),
    ...noticePart("hazard", t("registrations.recallHazard"), pick(run.recall_hazard_en, run.recall_hazard_ar)),
    h(Text, { key: "stop", style: { ...bold, fontSize: "17px" } }, t("registrations.recallStop")),
    ...noticePart("remedy", t("registrations.recallWhat"), pick(run.recall_remedy_en, run.recall_remedy_ar)),
    ...noticePart("notice", t("registrations.recallNotice"), pick(run.recall_notice_en, run.recall_notice_ar)),
    h(Link, { key: "page", href: siteLink(`/product/${run.product_id}?lng=${lang}`) }, t("registrations.recallPage")),
  ]);
}

const runOf = (trx: Transaction<Database>, batchId: string) =>
  trx
    .selectFrom("batches")
    .select(["lot", "product_id", "recall_at", "recall_since", "recall_notice_en", "recall_notice_ar", "recall_hazard_en", "recall_hazard_ar", "recall_remedy_en", "recall_remedy_ar"])
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();

/** Queues the confirmation mail of a sign-up (none for an address already confirmed on the run). */
export async function queueConfirmation(trx: Transaction<Database>, registered: Registered, now: Date): Promise<void> {
  const { registration, confirmToken } = registered;
  if (!registration || !confirmToken) return;
  const run = await runOf(trx, registration.batch_id);
  await queueMail(trx, [await confirmationMail(registration, confirmToken, run)], now);
}

/**
 * In a recall's transaction: queues the notice for each confirmed registrant of the run not yet told
 * of this recall (its `recall_at`), once. Returns how many were queued.
 */
export async function queueRecallNotices(trx: Transaction<Database>, batchId: string, now: Date): Promise<number> {
  const run = await runOf(trx, batchId);
  if (!run.recall_at) return 0;
  const recipients = await claimRecallRecipients(trx, batchId, run.recall_at);
  const mails = await Promise.all(recipients.map((recipient) => recallMail(recipient, run)));
  await queueMail(trx, mails, now);
  return mails.length;
}

/**
 * Mails a registration a fresh unsubscribe link, to its own address only (an expired link's page asks
 * for it), at most once a day per address; the caller answers the same either way.
 */
export async function sendUnsubscribeLink(registration: Registration, now = new Date()): Promise<void> {
  if (!(await takeUnsubscribeLinkMail(registration.email))) return;
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const run = await runOf(trx, registration.batch_id);
    await queueMail(trx, [await unsubscribeLinkMail(registration, run)], now);
  });
  kickMail();
}
