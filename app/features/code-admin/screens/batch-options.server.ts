import { getDb } from "@db/db.server";

/** The print runs the codes screen can filter by: the newest `limit`, newest first. */
export async function listBatchOptions(limit = 200) {
  const db = await getDb();
  return db.selectFrom("batches").select(["id", "lot", "product_id"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** The lots of the runs a page of codes belongs to. */
export async function lotsOf(batchIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(batchIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.selectFrom("batches").select(["id", "lot"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.lot]));
}
