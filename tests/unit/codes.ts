import { getDb } from "@db/db.server";
import { codeHash, revealCode, sealedCode } from "~/platform/codes/code-store.server";

/** The stored columns of a normalised code (sealed with this test run's codes key). */
export const sealed = (code: string) => sealedCode(code);

/** The row of a code, found as the server finds it (by its keyed hash). */
export async function codeRowOf(code: string) {
  const db = await getDb();
  return db.selectFrom("codes").selectAll().where("code_hash", "=", codeHash(code)).executeTakeFirst();
}

/** The plain code of a stored row. */
export const plain = (row: { code_hash: string; code_enc: string }) => revealCode(row);

export { codeHash };
