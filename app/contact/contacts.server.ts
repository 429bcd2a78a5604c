import { randomUUID } from "node:crypto";
import { env } from "~/env.server";
import { createLimiter } from "~/rate-limit.server";
import { getDb } from "../../db/db.server";
import type { Contact } from "../../db/schema";
import { HONEYPOT_FIELD, validateContact, type ContactInput, type ContactValidation } from "./validation";

/**
 * Contact messages: the one module the contact page, `POST /api/v1/general/contact/create/` and the
 * admin's list and dashboard use.
 */

export const CONTACTS_PAGE_SIZE = 10;

/** Messages per client per hour: CONTACT_RATE_LIMIT. */
export const contactLimiter = createLimiter("contact", () => env().CONTACT_RATE_LIMIT, 60 * 60);

export type ContactSubmission =
  | { kind: "invalid"; validation: Extract<ContactValidation, { ok: false }> }
  | { kind: "limited"; retryAfterSeconds: number }
  /** `contact` is null when the honeypot was filled: nothing stored, but it looks like success. */
  | { kind: "sent"; contact: Contact | null };

/** A visitor's message: honeypot, validation, the per-client limit, then storage. */
export async function submitContact(raw: Record<string, unknown>, meta: { clientHash: string }): Promise<ContactSubmission> {
  const trap = raw[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "") return { kind: "sent", contact: null };
  const validation = validateContact(raw);
  if (!validation.ok) return { kind: "invalid", validation };
  // Only messages that would be stored count; a visitor correcting a typo is not penalised.
  const limit = await contactLimiter.consume(meta.clientHash);
  if (!limit.allowed) return { kind: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  return { kind: "sent", contact: await createContact(validation.value) };
}

export async function createContact(input: ContactInput): Promise<Contact> {
  const db = await getDb();
  const contact: Contact = { id: randomUUID(), ...input, created_at: new Date().toISOString() };
  await db.insertInto("contacts").values(contact).execute();
  return contact;
}

export type ContactPage = {
  items: Contact[];
  /** total_pages is at least 1, so "page 1 of 1" holds for an empty list. */
  pagination: { total_pages: number; total_count: number; page: number };
};

/** One page of messages, newest first, ten to a page. Pages below 1 or past the end clamp. */
export async function listContacts(page = 1): Promise<ContactPage> {
  const db = await getDb();
  const total_count = await countContacts();
  const total_pages = Math.max(1, Math.ceil(total_count / CONTACTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), total_pages);
  const items = await db
    .selectFrom("contacts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(CONTACTS_PAGE_SIZE)
    .offset((current - 1) * CONTACTS_PAGE_SIZE)
    .execute();
  return { items, pagination: { total_pages, total_count, page: current } };
}

export async function countContacts(): Promise<number> {
  const db = await getDb();
  const row = await db.selectFrom("contacts").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}
