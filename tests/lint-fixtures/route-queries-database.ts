// at: app/routes/fixture-count.ts
import { getDb } from "@db/db.server";

export async function loader() {
  const db = await getDb();
  return db.selectFrom("codes").selectAll().execute();
}
