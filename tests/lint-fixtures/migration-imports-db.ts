// at: migrations/2099-01-01_fixture.ts
// migrations/ are frozen once landed: they import nothing outside migrations/ (decision 199).
import type { Kysely } from "kysely";
import { lockForUpdate } from "@db/portable";

export async function up(db: Kysely<any>): Promise<void> {
  await db.selectFrom("codes").select("id").$call(lockForUpdate(db)).execute();
}
