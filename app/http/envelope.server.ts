import { gzipSync } from "node:zlib";
import type { Pagination } from "~/lib/paging";

/**
 * The API's envelope `{status_code, message, data, error}`: 6000 on success, 6001 on an application
 * error, with honest HTTP statuses. Every answer is `no-store` unless a route says otherwise.
 */
export const SUCCESS = 6000;
export const APPLICATION_ERROR = 6001;

export type Envelope<T> = { status_code: number; message: string; data: T | null; error: unknown };

const encoder = new TextEncoder();

function headersOf(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return headers;
}

/**
 * A JSON answer with its length: the compression in front of the app leaves answers under its
 * threshold (1 kB) alone only when it knows their length, and gzipping a 200-byte verification answer
 * cost about 6 % of the check's CPU (`npm run bench:profile -- --verify`). The body is encoded once,
 * here: a string body would be scanned and encoded again by the Response (decision 175).
 */
function json(value: unknown, status: number, headers: Headers): Response {
  return answer(encoder.encode(JSON.stringify(value)), status, headers);
}

function answer(bytes: Uint8Array<ArrayBuffer>, status: number, headers: Headers): Response {
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes, { status, headers });
}

/** True when the request's Accept-Encoding takes gzip (and does not refuse it with `q=0`). */
function acceptsGzip(request: Request): boolean {
  for (const part of (request.headers.get("accept-encoding") ?? "").split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  }
  return false;
}

/**
 * A successful answer that is the same for every request (the built-in catalogue's lists), made once
 * here, as a file is: its JSON encoded and gzipped (at zlib's best level) up front. The function it
 * returns makes each request's Response from those bytes, gzipped for a client that takes it (the
 * compression in front then leaves it alone), so nothing is serialized or compressed per request
 * (decision 175).
 */
export function preparedOk<T>(payload: T, message: string, init: { headers?: HeadersInit } = {}): (request: Request) => Response {
  const bytes = encoder.encode(JSON.stringify({ status_code: SUCCESS, message, data: payload, error: null } satisfies Envelope<T>));
  const gzipped = new Uint8Array(gzipSync(bytes, { level: 9 }));
  return (request) => {
    const headers = headersOf(init.headers);
    headers.append("Vary", "Accept-Encoding");
    if (!acceptsGzip(request)) return answer(bytes, 200, headers);
    headers.set("Content-Encoding", "gzip");
    return answer(gzipped, 200, headers);
  };
}

/** A successful answer: `{status_code: 6000, message, data, error: null}`. */
export function apiOk<T>(payload: T, message: string, init: { status?: number; headers?: HeadersInit } = {}) {
  return json({ status_code: SUCCESS, message, data: payload, error: null } satisfies Envelope<T>, init.status ?? 200, headersOf(init.headers));
}

/**
 * A successful page of a list: the envelope with `pagination {page, total_pages, total_count}` beside
 * `data` (the specification's list responses), the same shape for every list.
 */
export function apiOkPaged<T>(payload: T, pagination: Pagination, message: string) {
  const { page, total_pages, total_count } = pagination;
  return json({ status_code: SUCCESS, message, data: payload, pagination: { page, total_pages, total_count }, error: null }, 200, headersOf());
}

/** A failed answer: `{status_code: 6001, message, data: null, error}`. */
export function apiError(status: number, message: string, error: unknown = null, headers?: HeadersInit) {
  const h = headersOf(headers);
  h.set("Cache-Control", "no-store");
  return json({ status_code: APPLICATION_ERROR, message, data: null, error } satisfies Envelope<null>, status, h);
}
