import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import type { Contact } from "@db/schema";
import { asRateLimited, createLimiter } from "~/platform/http/rate-limit.server";
import { env } from "~/platform/lib/env.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { ok, type Result } from "~/platform/lib/result";
import { kickMail, queueMail } from "~/platform/mail/mail.server";
import { contactNoticeMail } from "./contact-mail.server";
import { HONEYPOT_FIELD, type ContactInput } from "./fields";
import type { ContactSubmission } from "./schemas";

/**
 * Contact messages: the one module the contact page, `POST /api/v1/general/contact/create/` and the
 * admin's list and dashboard use.
 */

/** Messages per client per hour: CONTACT_RATE_LIMIT. */
export const contactLimiter = createLimiter("contact", () => env().CONTACT_RATE_LIMIT, 60 * 60);

/**
 * A visitor's message, already valid (`contactSchema`): the honeypot, the per-client limit, then
 * storage. A filled honeypot looks like success with nothing stored (`value` null).
 */
export async function submitContact(input: ContactSubmission, meta: { clientHash: string }): Promise<Result<Contact | null, "rate_limited">> {
  const trap = input[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && String(trap).trim() !== "") return ok(null);
  // Only messages that would be stored count; a visitor correcting a typo is not penalised.
  const limit = await contactLimiter.consume(meta.clientHash);
  if (!limit.allowed) return asRateLimited(limit);
  const { name, phone_number, message } = input;
  return ok(await createContact({ name, phone_number, message }));
}

/** Stores a message; with CONTACT_NOTIFY_EMAIL set, a notice is mailed there (queued with it, sent after the commit). */
export async function createContact(input: ContactInput): Promise<Contact> {
  const db = await getDb();
  const now = new Date();
  const contact: Contact = { id: randomUUID(), ...input, created_at: now.toISOString() };
  const notify = env().CONTACT_NOTIFY_EMAIL;
  const notice = notify ? await contactNoticeMail(notify, contact) : null;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("contacts").values(contact).execute();
    if (notice) await queueMail(trx, [notice], now);
  });
  if (notice) kickMail();
  return contact;
}

/** One page of messages, newest first, ten to a page; a page past the end is empty. */
export async function listContacts(page = 1): Promise<Page<Contact>> {
  const db = await getDb();
  const total = await countContacts();
  return readPage(total, page, (offset, limit) =>
    db.selectFrom("contacts").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

export async function countContacts(): Promise<number> {
  const db = await getDb();
  const row = await db.selectFrom("contacts").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}
