import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
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
