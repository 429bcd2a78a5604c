import { randomBytes } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import { getDb } from "@db/db.server";
import type { Database, Scan, ScansTable } from "@db/schema";

/** The scan log: one row per shopper's check (see verify.server.ts, its only writer). */

export type ScanRecord = Scan;

export const MAX_SCAN_INPUT = 64;
export const MAX_USER_AGENT = 256;

const SCAN_ID = /^[A-Za-z0-9_-]{22}$/;

/** Random bytes drawn 4 kB at a time: one call into the CSPRNG for 256 ids instead of one each. */
let randomPool: Buffer = Buffer.alloc(0);
let poolAt = 0;

/** 128 random bits, base64url: the unguessable id of a result URL. */
export function newScanId(): string {
  if (poolAt + 16 > randomPool.length) {
    randomPool = randomBytes(4096);
    poolAt = 0;
  }
  const id = randomPool.subarray(poolAt, poolAt + 16).toString("base64url");
  poolAt += 16;
  return id;
}

export function isScanId(value: unknown): value is string {
  return typeof value === "string" && SCAN_ID.test(value);
}

/** Writes scans to the log, in one INSERT. */
export async function recordScans(trx: Transaction<Database>, scans: readonly ScanRecord[]): Promise<void> {
  if (scans.length === 0) return;
  const rows: Insertable<ScansTable>[] = scans.map((scan) => ({
    ...scan,
    input: scan.input.slice(0, MAX_SCAN_INPUT),
    user_agent: scan.user_agent.slice(0, MAX_USER_AGENT),
  }));
  await trx.insertInto("scans").values(rows).execute();
}

export async function findScan(id: string): Promise<ScanRecord | undefined> {
  if (!isScanId(id)) return undefined;
  const db = await getDb();
  return db.selectFrom("scans").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The wrong PINs entered for one serial since `since` (ISO time): the redemptions of it that matched
 * nothing (scans of kind `check`, stored outcome `unknown`: `wrong_pin` for a pack we made, decision 165). Callers narrow, select and order; read from
 * `scans_pack_idx`. The packs' per-client limit (packs.server.ts) and brand protection's guessing signal both count these.
 */
export function wrongPins(db: Kysely<Database> | Transaction<Database>, serial: string, since: string) {
  return db
    .selectFrom("scans")
    .where("pack_serial", "=", serial)
    .where("kind", "=", "check")
    .where("tap", "=", 0)
    .where("outcome", "=", "unknown")
    .where("created_at", ">", since);
}
