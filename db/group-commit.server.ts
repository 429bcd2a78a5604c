import type { Transaction } from "kysely";
import { commitThenFlush } from "./commit.server";
import type { Database } from "./schema";

/**
 * Group commit (decisions 135, 175). A durable commit (synchronous=FULL) costs a disk flush, several
 * milliseconds here, and SQLite has one writer at a time: committing every write of a request on its
 * own would cap throughput at one flush per request. Steps that arrive while a transaction is running
 * wait and then run together in the next one, each still its own statements in order, so a
 * conditional UPDATE's rule (the check's one-use rule) is untouched; a step's answer is given only
 * after its transaction committed and reached the disk, whose flush runs off the event loop while the
 * next batch runs (`commitThenFlush`). A batch starts on the event loop's next turn (`setImmediate`),
 * never at once: on SQLite a transaction runs without giving the event loop a turn, so a batch started
 * at the first step's arrival held that step alone and every step paid a transaction of its own
 * (decision 175). Waiting one turn lets every step whose request was read in the same turn join. A
 * failed transaction fails (and rolls back) only its own batch. Each process has its own queues; a
 * rule that must hold across processes and instances is the database's (a conditional UPDATE).
 *
 * `key` orders the steps of a batch: steps with the same key touch the same rows, and every batch
 * takes its row locks in the same order, so on PostgreSQL two instances' batches never wait for each
 * other crosswise (a deadlock).
 */
export type GroupCommit<C> = {
  /** Runs `step` in the next batch's transaction and answers once that transaction is on disk. */
  run<T>(key: string, step: (trx: Transaction<Database>, batch: C) => Promise<T>): Promise<T>;
};

/** What a queue does around each batch: what its steps share (`open`), written last in the same transaction (`beforeCommit`), and told once durable (`committed`). */
export type BatchHooks<C> = {
  open: () => C;
  beforeCommit: (trx: Transaction<Database>, batch: C) => Promise<void>;
  committed: (batch: C) => void;
};

type Job<C> = { key: string; step: (trx: Transaction<Database>, batch: C) => Promise<unknown>; resolve: (answer: unknown) => void; reject: (error: unknown) => void };

const MAX_BATCH = 64;
const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A group-commit queue with its batches' hooks: one per kind of write that shares batches. */
export function groupCommit<C>(hooks: BatchHooks<C>): GroupCommit<C> {
  const pending: Job<C>[] = [];
  let draining = false;

  const scheduleDrain = () => {
    draining = true;
    setImmediate(() => void drain());
  };

  async function drain(): Promise<void> {
    const batch = pending.splice(0, MAX_BATCH);
    try {
      const order = batch.map((_, i) => i).sort((a, b) => compareKeys(batch[a]!.key, batch[b]!.key) || a - b);
      const shared = hooks.open();
      const { value: answers, durable } = await commitThenFlush(async (trx) => {
        const out: unknown[] = new Array(batch.length);
        for (const i of order) out[i] = await batch[i]!.step(trx, shared);
        await hooks.beforeCommit(trx, shared);
        return out;
      });
      // Answered once the commit is on disk; the next batch runs while the disk flushes this one.
      durable.then(
        () => {
          batch.forEach((job, i) => job.resolve(answers[i]));
          hooks.committed(shared);
        },
        (error: unknown) => batch.forEach((job) => job.reject(error)),
      );
    } catch (error) {
      batch.forEach((job) => job.reject(error));
    } finally {
      if (pending.length > 0) scheduleDrain();
      else draining = false;
    }
  }

  return {
    run<T>(key: string, step: (trx: Transaction<Database>, batch: C) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ key, step, resolve: resolve as (answer: unknown) => void, reject });
        if (!draining) scheduleDrain();
      });
    },
  };
}
