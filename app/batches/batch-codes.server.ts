import { getDb } from "@db/db.server";
import type { Batch, Code } from "@db/schema";
import { readPage, type Page } from "~/lib/paging";
import { revealCodes } from "~/verification/code-store.server";
import { presentCode, type CodeView } from "~/verification/codes.server";
import { countsOf } from "./batches.server";

/** A run's codes in print order, read through `codes_batch_serial_idx`. */

/** One page (10) of a run's codes by serial; a page past the end is empty. */
export async function batchCodesPage(batch: Batch, page: number): Promise<Page<CodeView>> {
  const db = await getDb();
  const counts = countsOf(batch);
  const total = counts.active + counts.used + counts.expired + counts.revoked;
  const list = await readPage(total, page, async (offset, limit) => {
    // Past the middle, the index is read from the far end (no OFFSET over more than half the run).
    const fromEnd = offset > total / 2;
    const rows: Code[] = await db
      .selectFrom("codes")
      .selectAll()
      .where("batch_id", "=", batch.id)
      .orderBy("serial", fromEnd ? "desc" : "asc")
      .limit(fromEnd ? Math.min(limit, total - offset) : limit)
      .offset(fromEnd ? Math.max(0, total - offset - limit) : offset)
      .execute();
    return fromEnd ? rows.reverse() : rows;
  });
  return { items: list.items.map(presentCode), pagination: list.pagination };
}

export type SerialCode = { serial: number; code: string };

/** Rows read per query while an export streams. */
const CHUNK = 1000;

/**
 * The codes of serials `from`..`to` of a run, in order, a chunk at a time (keyset reads: each query
 * starts after the last serial of the previous one), so an export holds one chunk in memory at most.
 */
export async function* batchCodeChunks(batchId: string, from: number, to: number, chunk = CHUNK): AsyncGenerator<SerialCode[]> {
  const db = await getDb();
  let after = from - 1;
  while (after < to) {
    const rows = await db
      .selectFrom("codes")
      .select(["serial", "code_hash", "code_enc"])
      .where("batch_id", "=", batchId)
      .where("serial", ">", after)
      .where("serial", "<=", to)
      .orderBy("serial", "asc")
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.serial);
    const codes = revealCodes(rows);
    yield rows.map((row, i) => ({ serial: Number(row.serial), code: codes[i]! }));
  }
}
