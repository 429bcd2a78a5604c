import type { Database } from "@db/schema";
import { getDb } from "@db/db.server";

/** Empties tables of this test file's database, in the order given (children before parents). */
export async function emptyTables(...tables: (keyof Database)[]): Promise<void> {
  const db = await getDb();
  for (const table of tables) await db.deleteFrom(table).execute();
}
