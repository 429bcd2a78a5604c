import { sql, type Transaction } from "kysely";
import { getConnection } from "./db.server";
import { flushWal } from "./dialects.server";
import type { Database } from "./schema";

/**
 * A write transaction that answers only once it is on disk, without holding the event loop for the
 * disk flush (decision 135).
 *
 * On SQLite every commit under `synchronous = FULL` flushes the write-ahead log inside the COMMIT
 * statement, on the one JavaScript thread: a third of the shopper's check's CPU time was spent
 * waiting there (measured: `npm run bench:profile -- --verify`). Here the transaction commits under
 * `synchronous = NORMAL` (the log is written to the operating system, not flushed), on a connection
 * held for this transaction alone, so no other statement commits under that setting; then the log
 * file is flushed by `fsync` on libuv's thread pool. `durable` resolves when that flush is done:
 * only then may the caller tell anyone the write happened, which is exactly FULL's promise. Meanwhile
 * the event loop serves other requests and the next transaction can run; a later flush covers every
 * commit before it. On PostgreSQL a commit is already durable when it returns (synchronous_commit is
 * on) and waits on the network, not the thread: a plain transaction.
 */
export async function commitThenFlush<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<{ value: T; durable: Promise<void> }> {
  const connection = await getConnection();
  if (connection.engine === "postgres") return { value: await connection.db.transaction().execute(work), durable: Promise.resolve() };
  const value = await connection.db.connection().execute(async (db) => {
    await sql`pragma synchronous = normal`.execute(db);
    try {
      return await db.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = full`.execute(db);
    }
  });
  return { value, durable: flushWal(connection.sqlite) };
}
