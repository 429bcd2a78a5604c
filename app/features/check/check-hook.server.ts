import type { Transaction } from "kysely";
import type { Database, Scan } from "@db/schema";

/**
 * The hook other features use to add their part to a shopper's check, without verification knowing
 * them (brand protection's alerts register theirs at start-up: app/runtime.server.ts).
 *
 * A listener opens one `CheckRound` per check transaction (a group-committed batch of checks). Each
 * check hands the round the scan it recorded, or the limit refusal it answered, synchronously;
 * `flush` runs at the end of the same transaction, after the last check, and `committed` once the
 * transaction is on disk (never awaited by the checks). Rounds of several listeners run in the order
 * the listeners were registered.
 */
/** The limits a check may be refused by. */
export type CheckLimit = "checks" | "wrong_pins";

export interface CheckRound {
  /** A check recorded this scan. */
  scan(scan: Scan): void;
  /**
   * A view counted but not stored (the packs API's view of a serial we never made: a row each would
   * let anyone fill the log, issue 42 N6): it adds to the daily figures only, never to a signal.
   */
  counted(scan: Scan): void;
  /**
   * A check was refused by a limit whose window ends in `retryAfterSeconds`: the verification limit
   * (`checks`), or the wrong PINs one client may enter for one pack (`wrong_pins`).
   */
  limitHit(clientHash: string, retryAfterSeconds: number, limit: CheckLimit): void;
  /** The end of the check transaction: write what the round gathered. */
  flush(trx: Transaction<Database>): Promise<void>;
  /** After the commit. */
  committed(): void;
}

export type CheckListener = () => CheckRound;

const listeners = new Map<string, CheckListener>();

/**
 * Registers (or, under the same name, replaces) a listener for every check from now on. By name, so
 * a module evaluated twice (a development reload, a test's setup) never listens twice.
 */
export function onCheck(name: string, listener: CheckListener): void {
  listeners.set(name, listener);
}

/** One round per registered listener, for one check transaction. */
export function openCheckRounds(): CheckRound[] {
  if (listeners.size === 0) return [];
  return Array.from(listeners.values(), (open) => open());
}
