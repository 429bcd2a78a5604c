import type { Database } from "@db/schema";
import { getDb } from "@db/db.server";

/** Empties tables of this test file's database, in the order given (children before parents). */
export async function emptyTables(...tables: (keyof Database)[]): Promise<void> {
  const db = await getDb();
  for (const table of tables) await db.deleteFrom(table).execute();
}

/** Waits (up to 5 s) until no mail of this file's outbox is still pending: mails kicked by the code under test leave before the database closes. */
export async function drainMailOutbox(): Promise<void> {
  const db = await getDb();
  const pending = async () => (await db.selectFrom("mail_outbox").select("id").where("status", "=", "pending").execute()).length;
  for (const deadline = Date.now() + 5000; (await pending()) > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
}
