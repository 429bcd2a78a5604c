import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import { getConnection } from "./db.server";

/**
 * rate-limiter-flexible's store for the engine in use, on the `rate_limits` table the migrations
 * create (so the limiter never creates tables itself). Both stores count with one atomic upsert,
 * so every worker and every instance sharing the database counts together.
 */
export async function createRateLimiterStore(options: {
  keyPrefix: string;
  points: number;
  duration: number;
}): Promise<RateLimiterStoreAbstract> {
  const connection = await getConnection();
  const common = { tableName: "rate_limits", tableCreated: true, ...options };
  if (connection.engine === "sqlite") {
    // Same handle as Kysely: inside a write transaction (the verification group commit) the
    // limiter's upsert joins it as a savepoint instead of paying a disk flush of its own. Through
    // Kysely's statement cache: the limiter prepares its upsert on every check (decision 136).
    return new RateLimiterSQLite({ ...common, storeClient: connection.statements, storeType: "better-sqlite3" });
  }
  return new RateLimiterPostgres({ ...common, storeClient: connection.pool, storeType: "pool" });
}

/** One counted event: the key's events in its window so far (this one included), and ms before the window ends (-1: none). */
export type CountedEvent = { consumedPoints: number; msBeforeNext: number };

/**
 * One event counted for each of `keys` (a key may repeat: one event each time), answered in order,
 * as `store.consume(key)` one after the other would answer: the points counted so far in the key's
 * window, over the limit or not (the caller compares). On SQLite that is what runs, each upsert
 * joining the caller's write transaction (see above). On PostgreSQL the whole list is one statement
 * on the pool, outside any transaction, as the limiter's own upsert is (decision 198): the keys'
 * rows are written in the keys' order, so two such statements never wait for each other crosswise.
 */
export async function consumeEach(store: RateLimiterStoreAbstract, keys: readonly string[]): Promise<CountedEvent[]> {
  if (keys.length === 0) return [];
  if (!(store instanceof RateLimiterPostgres)) {
    const counted: CountedEvent[] = [];
    for (const key of keys) {
      const res = await store.consume(key).catch((error: unknown) => {
        if (error instanceof RateLimiterRes) return error;
        throw error;
      });
      counted.push({ consumedPoints: res.consumedPoints, msBeforeNext: res.msBeforeNext });
    }
    return counted;
  }
  const events = new Map<string, number>();
  for (const key of keys) events.set(key, (events.get(key) ?? 0) + 1);
  const stored = [...events.keys()].sort();
  const now = Date.now();
  const expire = store.duration > 0 ? now + store.duration * 1000 : null;
  const connection = await getConnection();
  if (connection.engine !== "postgres") throw new Error("a PostgreSQL limiter on a SQLite database");
  // rate-limiter-flexible's upsert (RateLimiterPostgres `_upsert`), for many keys: a window that
  // has ended starts again with these events, a running one adds them.
  const { rows } = await connection.pool.query<{ key: string; points: number; expire: string | number | null }>({
    name: "rate-limits-consume-each",
    text: `INSERT INTO rate_limits (key, points, expire)
             SELECT k, n, $3::bigint FROM unnest($1::text[], $2::integer[]) AS e(k, n)
           ON CONFLICT (key) DO UPDATE SET
             points = CASE WHEN rate_limits.expire <= $4 THEN excluded.points ELSE rate_limits.points + excluded.points END,
             expire = CASE WHEN rate_limits.expire <= $4 THEN excluded.expire ELSE rate_limits.expire END
           RETURNING key, points, expire`,
    values: [stored.map((key) => store.getKey(key)), stored.map((key) => events.get(key)!), expire, now],
  });
  const after = new Map(rows.map((row) => [row.key, row]));
  // The events of one key take its counts in order: the last one is the statement's total.
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const row = after.get(store.getKey(key))!;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    const expires = row.expire === null ? null : Number(row.expire);
    return { consumedPoints: Number(row.points) - events.get(key)! + index + 1, msBeforeNext: expires === null ? -1 : Math.max(expires - Date.now(), 0) };
  });
}
