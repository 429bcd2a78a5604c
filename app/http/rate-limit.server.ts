import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import type { RouterContextProvider } from "react-router";
import { getSqlite } from "@db/db.server";
import { requestT } from "~/i18n/i18n.server";
import { rateLimited, type RateLimited } from "~/lib/result";

/**
 * Per-client abuse limits (verification, contact, login), kept in the database so several processes
 * sharing it count together. rate-limiter-flexible has a PostgreSQL store with the same interface for
 * when the site outgrows one machine.
 */
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Limiter = {
  /** Counts one event for `key`; says whether it is still within the limit. */
  consume(key: string, points?: number): Promise<LimitResult>;
  /** Says whether `key` is already over the limit, without counting anything. */
  check(key: string): Promise<LimitResult>;
  /** Forgets `key` (after a successful login, for example). */
  reset(key: string): Promise<void>;
};

const limiters = new Map<string, Promise<RateLimiterSQLite>>();

function limiterFor(name: string, points: number, durationSeconds: number) {
  const id = `${name}:${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = getSqlite().then(
      (sqlite) =>
        new RateLimiterSQLite({
          storeClient: sqlite,
          storeType: "better-sqlite3",
          tableName: "rate_limits",
          tableCreated: true,
          keyPrefix: name,
          points,
          duration: durationSeconds,
        }),
    );
    limiters.set(id, limiter);
  }
  return limiter;
}

const blocked = (res: RateLimiterRes): LimitResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/** A named limit of `points` events per `durationSeconds` for each key. */
export function createLimiter(name: string, points: () => number, durationSeconds: number): Limiter {
  return {
    async consume(key, cost = 1) {
      const limiter = await limiterFor(name, points(), durationSeconds);
      try {
        await limiter.consume(key, cost);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) return blocked(error);
        throw error;
      }
    },
    async check(key) {
      const limiter = await limiterFor(name, points(), durationSeconds);
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= points()) return blocked(res);
      return { allowed: true };
    },
    async reset(key) {
      const limiter = await limiterFor(name, points(), durationSeconds);
      await limiter.delete(key);
    },
  };
}

/** A refused limit as a domain outcome (`{ok: false, error: "rate_limited", retryAfterSeconds}`). */
export function asRateLimited(limit: Extract<LimitResult, { allowed: false }>): RateLimited {
  return rateLimited(limit.retryAfterSeconds);
}

/**
 * "Too many attempts. Please try again in 3 minutes." in the request's language (pages and API alike),
 * with the language's plural forms (Arabic: دقيقة، دقيقتين، 3 دقائق، 11 دقيقة).
 */
export function tooManyAttempts(context: Readonly<RouterContextProvider>, retryAfterSeconds: number): string {
  return requestT(context, "common")("tooManyAttempts", { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}
