import type { Kysely } from "kysely";

/**
 * Stops a start whose codes key is not the one this database's codes were sealed with (a lost or
 * replaced `DATA_DIR/codes.key`, a wrong CODES_KEY): otherwise every code would silently answer
 * "counterfeit" and no label could be reprinted. Only the key's fingerprint is stored.
 */
export async function checkCodesKey(db: Kysely<any>, fingerprint: string): Promise<void> {
  const rows: { fingerprint: string }[] = await db.selectFrom("code_keys").select("fingerprint").execute();
  if (rows.length === 0) {
    await db.insertInto("code_keys").values({ fingerprint, created_at: new Date().toISOString() }).execute();
    return;
  }
  if (!rows.some((row) => row.fingerprint === fingerprint)) {
    throw new Error(
      "The codes key (CODES_KEY, or codes.key in the data folder) is not the one this database's codes were sealed with: restore the original key (see README, Backups).",
    );
  }
}
