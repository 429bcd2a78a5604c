/**
 * The one shape of a domain outcome, for pages and the API alike: a value, or a named error from the
 * feature's error catalogue (see `~/platform/lib/errors`). A refusal past a rate limit says when to come back.
 */
export type Ok<T> = { ok: true; value: T };
export type Fail<E extends string> = { ok: false; error: E; retryAfterSeconds?: number };
export type Result<T, E extends string> = Ok<T> | Fail<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export const fail = <E extends string>(error: E, detail: { retryAfterSeconds?: number } = {}): Fail<E> => ({
  ok: false,
  error,
  ...detail,
});

/** The refusal every abuse limit gives (verification, contact, login). */
export type RateLimited = Fail<"rate_limited"> & { retryAfterSeconds: number };
export const rateLimited = (retryAfterSeconds: number): RateLimited => ({ ok: false, error: "rate_limited", retryAfterSeconds });
