// Minimal stand-in written by the admin work so the admin screens and API can be built before the
// contact domain lands; the contact work owns this file and replaces it (same signatures).
import { getDb } from "../../db/db.server";
import type { Contact } from "../../db/schema";
import { offsetOf, paginate, PAGE_SIZE } from "~/ui/admin-paging";

export async function listContacts(page: number): Promise<{ items: Contact[]; pagination: { total_pages: number; total_count: number } }> {
  const db = await getDb();
  const total = await countContacts();
  const items = await db
    .selectFrom("contacts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  const { total_pages, total_count } = paginate(total, page);
  return { items, pagination: { total_pages, total_count } };
}

export async function countContacts(): Promise<number> {
  const db = await getDb();
  const row = await db.selectFrom("contacts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}
