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
 * failed transaction fails (and rolls back) only its own batch. Each process has its own queues, and
 * a queue runs one batch at a time; a rule that must hold across processes and instances is the
 * database's (a conditional UPDATE).
 *
 * `key` orders the steps of a batch: steps with the same key touch the same rows, and every batch
 * takes its row locks in the same order, so on PostgreSQL two instances' batches never wait for each
 * other crosswise (a deadlock).
 */
export type GroupCommit<C, O> = {
  /**
   * Runs `step` in the next batch's transaction and answers once that transaction is on disk. The
   * step gets what its batch shares and its own position in the batch's order (the `options` that
   * `open` was given are in that order).
   */
  run<T>(key: string, step: (trx: Transaction<Database>, batch: C, position: number) => Promise<T>, options: O): Promise<T>;
  /** What the batch running in `trx` shares; undefined outside this queue's batches. */
  batchOf(trx: Transaction<Database>): C | undefined;
};

/**
 * What a queue does around each batch, all inside its transaction: what its steps share, from their
 * options in the batch's order (`open`); before each step (`beforeStep`); written last
 * (`beforeCommit`); and, once the commit is durable, `committed`.
 */
export type BatchHooks<C, O> = {
  open: (trx: Transaction<Database>, options: readonly O[]) => Promise<C>;
  beforeStep?: (trx: Transaction<Database>, batch: C, options: O) => Promise<void>;
  beforeCommit: (trx: Transaction<Database>, batch: C) => Promise<void>;
  committed: (batch: C) => void;
};

type Job<C, O> = {
  key: string;
  options: O;
  step: (trx: Transaction<Database>, batch: C, position: number) => Promise<unknown>;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
};

const MAX_BATCH = 64;
const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A group-commit queue with its batches' hooks: one per kind of write that shares batches. */
export function groupCommit<C, O>(hooks: BatchHooks<C, O>): GroupCommit<C, O> {
  const pending: Job<C, O>[] = [];
  let draining = false;
  let running: { trx: Transaction<Database>; batch: C } | undefined;

  const scheduleDrain = () => {
    draining = true;
    setImmediate(() => void drain());
  };

  async function drain(): Promise<void> {
    const jobs = pending.splice(0, MAX_BATCH);
    try {
      const order = jobs.map((_, i) => i).sort((a, b) => compareKeys(jobs[a]!.key, jobs[b]!.key) || a - b);
      const { value, durable } = await commitThenFlush(async (trx) => {
        const batch = await hooks.open(trx, order.map((i) => jobs[i]!.options));
        running = { trx, batch };
        const answers: unknown[] = new Array(jobs.length);
        for (const [position, i] of order.entries()) {
          const job = jobs[i]!;
          await hooks.beforeStep?.(trx, batch, job.options);
          answers[i] = await job.step(trx, batch, position);
        }
        await hooks.beforeCommit(trx, batch);
        return { answers, batch };
      });
      // Answered once the commit is on disk; the next batch runs while the disk flushes this one.
      durable.then(
        () => {
          jobs.forEach((job, i) => job.resolve(value.answers[i]));
          hooks.committed(value.batch);
        },
        (error: unknown) => jobs.forEach((job) => job.reject(error)),
      );
    } catch (error) {
      jobs.forEach((job) => job.reject(error));
    } finally {
      running = undefined;
      if (pending.length > 0) scheduleDrain();
      else draining = false;
    }
  }

  return {
    run<T>(key: string, step: (trx: Transaction<Database>, batch: C, position: number) => Promise<T>, options: O): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ key, options, step, resolve: resolve as (answer: unknown) => void, reject });
        if (!draining) scheduleDrain();
      });
    },
    batchOf: (trx) => (running?.trx === trx ? running.batch : undefined),
  };
}
