import { RateLimiterRes, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import { data, type RouterContextProvider } from "react-router";
import { consumeEach, createRateLimiterStore } from "@db/rate-limit-store.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { rateLimited, type RateLimited } from "~/platform/lib/result";

/**
 * Per-client abuse limits (verification, contact, login), kept in the database so every worker and
 * every instance sharing it count together (rate-limiter-flexible's SQLite or PostgreSQL store, chosen
 * in db/rate-limit-store.server.ts).
 */
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number; /** events counted so far, this one included */ consumed?: number };

export type Limiter = {
  /** Counts one event for `key`; says whether it is still within the limit. */
  consume(key: string, points?: number): Promise<LimitResult>;
  /**
   * Counts one event for each of `keys` (repeats allowed), answered in order as `consume` one after
   * the other would be: one statement on PostgreSQL (the check's group commit counts its batch so).
   */
  consumeEach(keys: readonly string[]): Promise<LimitResult[]>;
  /** Says whether `key` is already over the limit, without counting anything. */
  check(key: string): Promise<LimitResult>;
  /** Forgets `key` (after a successful login, for example). */
  reset(key: string): Promise<void>;
  /** Gives back `points` counted for `key` (an attempt that turned out not to be a failure). */
  refund(key: string, points?: number): Promise<void>;
};

const limiters = new Map<string, Promise<RateLimiterStoreAbstract>>();

function limiterFor(name: string, points: number, durationSeconds: number) {
  const id = `${name}:${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = createRateLimiterStore({ keyPrefix: name, points, duration: durationSeconds });
    limiters.set(id, limiter);
    // A store that could not be made (database unreachable) is made again next time.
    limiter.catch(() => limiters.delete(id));
  }
  return limiter;
}

const blocked = (res: Pick<RateLimiterRes, "msBeforeNext" | "consumedPoints">): LimitResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  consumed: res.consumedPoints,
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
    async consumeEach(keys) {
      const limit = points();
      const limiter = await limiterFor(name, limit, durationSeconds);
      return (await consumeEach(limiter, keys)).map((counted) => (counted.consumedPoints > limit ? blocked(counted) : { allowed: true }));
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
    async refund(key, cost = 1) {
      const limiter = await limiterFor(name, points(), durationSeconds);
      await limiter.reward(key, cost);
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
  return requestT(context, "server")("tooManyAttempts", { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}

/** What an admin page throws past a limit: 429 with the localized message, drawn by the admin pages' boundary. */
type PageLimited = { refusal: "rate_limited"; message: string };

/** An admin page refused past a limit (429, `Retry-After`), to throw from its loader. */
export function pageTooManyAttempts(context: Readonly<RouterContextProvider>, retryAfterSeconds: number) {
  return data({ refusal: "rate_limited", message: tooManyAttempts(context, retryAfterSeconds) } satisfies PageLimited, {
    status: 429,
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}
