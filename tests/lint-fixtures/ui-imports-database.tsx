// at: app/platform/ui/fixture-status.tsx
import { getDb } from "@db/db.server";

export async function Status() {
  const db = await getDb();
  return <p>{String(Boolean(db))}</p>;
}
