import { getDb } from "@db/db.server";
import type { Batch, Code } from "@db/schema";
import { readPage, type Page } from "~/platform/lib/paging";
import { revealCodes, revealPacks } from "~/platform/codes/code-store.server";
import { countsOf } from "./batches.server";

/** A run's codes in print order, read through `codes_batch_serial_idx`. */

/**
 * One page (10) of a run's codes by serial, as stored; a page past the end is empty. Who reads them
 * decides how they show (presentCodesFor: masked, or in full within the member's limit).
 */
export async function batchCodesPage(batch: Batch, page: number): Promise<Page<Code>> {
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
  return list;
}

/**
 * One pack of a run: its place, and its code — for a two-part run's pack, its public serial as `code`
 * and its secret PIN as `pin` (null for a code), opened for the admin's exports only.
 */
export type SerialCode = { serial: number; code: string; pin: string | null };

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
      .select(["serial", "code_hash", "code_enc", "pack_serial"])
      .where("batch_id", "=", batchId)
      .where("serial", ">", after)
      .where("serial", "<=", to)
      .orderBy("serial", "asc")
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.serial);
    // A run is all codes or all packs.
    if (rows[0]!.pack_serial !== null) {
      const packs = revealPacks(rows);
      yield rows.map((row, i) => ({ serial: Number(row.serial), code: packs[i]!.serial, pin: packs[i]!.pin }));
    } else {
      const codes = revealCodes(rows);
      yield rows.map((row, i) => ({ serial: Number(row.serial), code: codes[i]!, pin: null }));
    }
  }
}
