import type { Kysely, Transaction } from "kysely";
import type { Database, NoticeMode } from "@db/schema";
import { fixedT } from "~/platform/i18n/i18n.server";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import { queueMail, type OutgoingMail } from "~/platform/mail/mail.server";
import { linkMail, siteLink } from "~/platform/mail/render.server";
import { can, MATRIX, type Role } from "../access/permissions";

/**
 * Members' notices about new alerts and counterfeit reports (decision 164): who gets them (the
 * members who chose them on their account page, enabled, with an address, whose role reads the
 * subject in the permission matrix) and the frame of an immediate notice. The alerts and reports
 * features say what the notice is about; the daily digest is written by the reports feature.
 */

/** What a notice is about, by the permission that reads it. */
type NoticeSubject = "alerts:read" | "reports:read";

/** Whether a role may choose notices at all: it reads alerts or reports. */
export function mayGetNotices(role: Role): boolean {
  return can(role, "alerts:read") || can(role, "reports:read");
}

export type NoticeRecipient = { email: string; lang: Language };

/**
 * The members to tell about a subject, for one mode: one query on the `notify` index (an opened alert
 * or a new report asks it, never a plain check). Enabled members with an address whose role reads it.
 */
export async function noticeRecipients(db: Kysely<Database> | Transaction<Database>, mode: Exclude<NoticeMode, "off">, subject: NoticeSubject): Promise<NoticeRecipient[]> {
  const rows = await db
    .selectFrom("admins")
    .select(["email", "notify_lang"])
    .where("notify", "=", mode)
    .where("disabled_at", "is", null)
    .where("email", "is not", null)
    .where("role", "in", [...MATRIX[subject]])
    .orderBy("email")
    .execute();
  return rows.flatMap((row) => (row.email ? [{ email: row.email, lang: isLanguage(row.notify_lang) ? row.notify_lang : "en" }] : []));
}

/** Where a member changes their notices (every notice links to it). */
const NOTICES_PATH = "/admin/dashboard/account#notices";

/** The closing line of every notice: why it came, and where to stop it. */
export function noticeWhy(lang: Language): string {
  return fixedT(lang, "mail")("notices.why", { url: siteLink(NOTICES_PATH) });
}

type Notice = { to: NoticeRecipient; subject: string; lines: string[]; action: { label: string; path: string } };

/** An immediate notice: what happened (never a code, PIN or password), a link to its admin page, why it came. */
function noticeMail({ to, subject, lines, action }: Notice): Promise<OutgoingMail> {
  const t = fixedT(to.lang, "mail");
  return linkMail({
    to: to.email,
    lang: to.lang,
    subject,
    preview: lines[0] ?? subject,
    before: lines,
    action: { label: action.label, url: siteLink(action.path) },
    fallback: t("notices.fallback"),
    after: [noticeWhy(to.lang)],
  });
}

/** Immediate notices, rendered and queued in the transaction that decided them (sent after its commit). Returns how many. */
export async function queueNotices(trx: Transaction<Database>, notices: readonly Notice[], now: Date): Promise<number> {
  if (notices.length === 0) return 0;
  await queueMail(trx, await Promise.all(notices.map(noticeMail)), now);
  return notices.length;
}
