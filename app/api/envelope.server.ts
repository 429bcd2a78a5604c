import { data } from "react-router";
import type { z } from "zod";

/** Status codes of the specification's envelope. */
export const SUCCESS = 6000;
export const APPLICATION_ERROR = 6001;

export type Envelope<T> = { status_code: number; message: string; data: T | null; error: unknown };

const noStore = { "Cache-Control": "no-store" };

/** A successful API answer: `{status_code: 6000, message, data, error: null}`. */
export function apiOk<T>(payload: T, message = "OK", init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", noStore["Cache-Control"]);
  return Response.json({ status_code: SUCCESS, message, data: payload, error: null } satisfies Envelope<T>, {
    status: init.status ?? 200,
    headers,
  });
}

/** A failed API answer with an honest HTTP status: `{status_code: 6001, message, data: null, error}`. */
export function apiError(status: number, message: string, error: unknown = null, headers?: HeadersInit) {
  const h = new Headers(headers);
  h.set("Cache-Control", noStore["Cache-Control"]);
  return Response.json({ status_code: APPLICATION_ERROR, message, data: null, error } satisfies Envelope<null>, {
    status,
    headers: h,
  });
}

/** Thrown by a resource route to answer with an error envelope. */
export function apiFail(status: number, message: string, error: unknown = null): never {
  throw apiError(status, message, error);
}

/** Answer for a method a resource route does not take. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "Method not allowed", { allowed }, { Allow: allowed.join(", ") });
}

const MAX_JSON_BYTES = 16 * 1024;

/**
 * Reads a JSON (or form-encoded) body and validates it with a zod schema. Invalid JSON, an oversize
 * body or a schema failure throws a 400 envelope listing the field errors.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await request.text().catch(() => apiFail(400, "Unreadable request body"));
  if (text.length > MAX_JSON_BYTES) apiFail(413, "Request body too large");
  const type = request.headers.get("content-type") ?? "";
  let raw: unknown;
  if (type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      raw = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      apiFail(400, "Invalid JSON body");
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw apiInvalid(parsed.error);
  return parsed.data;
}

/** Validates a GET's query string with a zod schema (missing or empty parameters are undefined). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S, names: string[]): z.infer<S> {
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(names.map((name) => [name, params.get(name) || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw apiInvalid(parsed.error);
  return parsed.data;
}

/** 400 with the field errors of a failed validation: `error: {fields: {name: [messages]}}`. */
export function apiInvalid(error: z.ZodError) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  return apiError(400, "Invalid input", { fields });
}

export { data };

export type PageInfo = { total_pages: number; total_count: number };

/**
 * A successful paged answer: the envelope plus a top-level `pagination {total_pages, total_count}`
 * beside `data` (the specification's list responses).
 */
export function apiOkPaged<T>(payload: T, pagination: PageInfo, message = "OK") {
  return Response.json(
    { status_code: SUCCESS, message, data: payload, pagination, error: null },
    { status: 200, headers: { "Cache-Control": noStore["Cache-Control"] } },
  );
}
