import type { Pagination } from "~/lib/paging";

/**
 * The API's envelope `{status_code, message, data, error}`: 6000 on success, 6001 on an application
 * error, with honest HTTP statuses. Every answer is `no-store` unless a route says otherwise.
 */
export const SUCCESS = 6000;
export const APPLICATION_ERROR = 6001;

export type Envelope<T> = { status_code: number; message: string; data: T | null; error: unknown };

function headersOf(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return headers;
}

/** A successful answer: `{status_code: 6000, message, data, error: null}`. */
export function apiOk<T>(payload: T, message: string, init: { status?: number; headers?: HeadersInit } = {}) {
  return Response.json({ status_code: SUCCESS, message, data: payload, error: null } satisfies Envelope<T>, {
    status: init.status ?? 200,
    headers: headersOf(init.headers),
  });
}

/**
 * A successful page of a list: the envelope with `pagination {page, total_pages, total_count}` beside
 * `data` (the specification's list responses), the same shape for every list.
 */
export function apiOkPaged<T>(payload: T, pagination: Pagination, message: string) {
  const { page, total_pages, total_count } = pagination;
  return Response.json(
    { status_code: SUCCESS, message, data: payload, pagination: { page, total_pages, total_count }, error: null },
    { status: 200, headers: headersOf() },
  );
}

/** A failed answer: `{status_code: 6001, message, data: null, error}`. */
export function apiError(status: number, message: string, error: unknown = null, headers?: HeadersInit) {
  const h = headersOf(headers);
  h.set("Cache-Control", "no-store");
  return Response.json({ status_code: APPLICATION_ERROR, message, data: null, error } satisfies Envelope<null>, { status, headers: h });
}
