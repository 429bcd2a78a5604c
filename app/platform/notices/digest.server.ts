import { Button } from "@react-email/button";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Kysely, Transaction } from "kysely";
import { createElement as h, type ReactElement } from "react";
import type { Database, Report } from "@db/schema";
import { alertPath, alertsRaised, alertWords, type NamedAlert } from "~/platform/notices/alert-notices.server";
import { noticeRecipients, noticeWhy, queueNotices, type NoticeRecipient } from "~/platform/notices/notices.server";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { formatDate } from "~/platform/i18n/format";
import { fixedT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { addDays, dayOf, startOfDay } from "~/platform/lib/days";
import { isolated } from "~/platform/lib/bidi";
import { kickMail, queueMail, type OutgoingMail } from "~/platform/mail/mail.server";
import { brandName, MailLayout, mailButton, mailDate, mailText, renderMail, siteLink } from "~/platform/mail/render.server";

/**
 * Members' notices about new counterfeit reports, and the daily digest of alerts and reports
 * (decision 164). A report is named by its reference, product and city, never by the code the shopper
 * checked or their contact; its link is its admin page. Here, above alerts, because the digest reads both.
 */

type NamedReport = Pick<Report, "id" | "reference" | "product_id" | "city" | "created_at">;

const reportPath = (id: string) => `/admin/dashboard/reports/${id}`;

/** A report's words in a language: reference left to right, the product's name and the city in their own direction. */
function reportWords(report: NamedReport, lang: Language) {
  const product = report.product_id ? getProduct(report.product_id) : undefined;
  const name = product ? productName(product, lang) : (report.product_id ?? fixedT(lang, "mail")("notices.noProduct"));
  return isolated({ reference: report.reference, product: name, city: report.city }, ["product", "city"]);
}

/** In the transaction that stored the report: one mail to each member who wants reports at once. Returns how many. */
export async function queueReportNotices(trx: Transaction<Database>, report: NamedReport, now: Date): Promise<number> {
  const recipients = await noticeRecipients(trx, "immediate", "reports:read");
  const notices = recipients.map((to) => {
    const t = fixedT(to.lang, "mail");
    const words = reportWords(report, to.lang);
    return {
      to,
      subject: t("notices.reportSubject", words),
      lines: [t("notices.reportIntro", words), t("notices.reported", { date: mailDate(new Date(report.created_at), to.lang) })],
      action: { label: t("notices.reportAction"), path: reportPath(report.id) },
    };
  });
  return queueNotices(trx, notices, now);
}

/** Lines a digest lists of each kind; the rest are counted. */
const DIGEST_LINES = 10;

type Listed<T> = { total: number; items: T[] };

async function reportsReceived(db: Kysely<Database>, from: string, to: string): Promise<Listed<NamedReport>> {
  const within = db.selectFrom("reports").where("created_at", ">=", from).where("created_at", "<", to);
  const counted = await within.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { total, items: [] };
  const items = await within.select(["id", "reference", "product_id", "city", "created_at"]).orderBy("created_at").orderBy("id").limit(DIGEST_LINES).execute();
  return { total, items };
}

/** One section of the digest: its count as a heading, a linked line per item, "and N more", a button to the list. */
function digestSection<T extends { id: string }>(lang: Language, key: "Alerts" | "Reports", listed: Listed<T>, line: (item: T) => { text: string; path: string }, listPath: string): ReactElement {
  const t = fixedT(lang, "mail");
  const rest = listed.total - listed.items.length;
  return h(
    Section,
    { key },
    h(Text, { style: { ...mailText, fontWeight: 700 } }, t(`notices.digest${key}`, { count: listed.total })),
    ...listed.items.map((item) => {
      const { text, path } = line(item);
      return h(Text, { key: item.id, style: { ...mailText, margin: "0 0 6px" } }, h(Link, { href: siteLink(path) }, text));
    }),
    rest > 0 ? h(Text, { style: mailText }, t("notices.digestMore", { count: rest })) : null,
    h(Button, { href: siteLink(listPath), style: mailButton }, t(`notices.digest${key}Action`)),
  );
}

/** The digest of one day for one member: the sections the member's role reads and that have something. */
type Reader = NoticeRecipient & { alerts: boolean; reports: boolean };

async function digestMail(to: Reader, day: string, alerts: Listed<NamedAlert>, reports: Listed<NamedReport>): Promise<OutgoingMail | null> {
  const lang = to.lang;
  const t = fixedT(lang, "mail");
  const sections: ReactElement[] = [];
  if (to.alerts && alerts.total > 0) sections.push(digestSection(lang, "Alerts", alerts, (a) => ({ text: t("notices.alertLine", alertWords(a, lang)), path: alertPath(a.id) }), "/admin/dashboard/alerts"));
  if (to.reports && reports.total > 0) sections.push(digestSection(lang, "Reports", reports, (r) => ({ text: t("notices.reportLine", reportWords(r, lang)), path: reportPath(r.id) }), "/admin/dashboard/reports"));
  if (sections.length === 0) return null;
  const date = isolated({ day: formatDate(day, lang) }, ["day"]).day;
  const subject = t("notices.digestSubject", { brand: brandName(lang), day: date });
  const intro = t("notices.digestIntro", { day: date });
  const element = h(MailLayout, { lang, preview: intro, footer: h(Text, { style: mailText }, noticeWhy(lang)) }, h(Text, { style: mailText }, intro), ...sections.flatMap((section, i) => (i > 0 ? [h(Hr, { key: `hr-${i}` }), section] : [section])));
  return { to: to.email, subject, ...(await renderMail(element, lang)) };
}

/**
 * The daily digest (a task of the daily job, which runs once per UTC day): the previous UTC day's new
 * alerts and reports, one mail per member who chose the digest, none on a day with nothing new, so
 * every item is in exactly one digest. Queued in one transaction.
 */
export async function sendDailyDigest(db: Kysely<Database>, now: Date): Promise<{ digests: number }> {
  const day = addDays(dayOf(now), -1);
  const from = startOfDay(day);
  const to = startOfDay(dayOf(now));
  const alerts = await alertsRaised(db, from, to, DIGEST_LINES);
  const reports = await reportsReceived(db, from, to);
  if (alerts.total === 0 && reports.total === 0) return { digests: 0 };
  // Each member once, with the sections their role reads.
  const members = new Map<string, Reader>();
  for (const r of await noticeRecipients(db, "daily", "alerts:read")) members.set(r.email, { ...r, alerts: true, reports: false });
  for (const r of await noticeRecipients(db, "daily", "reports:read")) members.set(r.email, { ...(members.get(r.email) ?? { ...r, alerts: false }), reports: true });
  const mails = (await Promise.all([...members.values()].map((reader) => digestMail(reader, day, alerts, reports)))).filter((mail): mail is OutgoingMail => mail !== null);
  if (mails.length === 0) return { digests: 0 };
  await db.transaction().execute((trx) => queueMail(trx, mails, now));
  kickMail();
  return { digests: mails.length };
}
