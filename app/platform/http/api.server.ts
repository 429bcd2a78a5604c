import type { Namespace, ParseKeys, TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";
import { requestT } from "~/platform/i18n/i18n.server";
import type { Resources } from "~/platform/i18n/resources";
import { errorMessage, type ErrorCatalogue } from "~/platform/lib/errors";
import type { Fail } from "~/platform/lib/result";
import { apiError } from "./envelope.server";
import { readBodyText, readMultipartForm, BodyTooLarge, UnreadableBody, JSON_BODY_LIMIT } from "./body.server";
import { tooManyAttempts } from "./rate-limit.server";

/**
 * The HTTP edge of every JSON resource route under /api/v1/. A route is a few lines over it:
 *
 *   const contract = { POST: { permission: "codes:write", summary: …, body: …, answers: … } } satisfies ApiContract;
 *   const route = apiRoute(contract, { POST: async ({ request, context }) => … });
 *   export const loader = route.loader;
 *   export const action = route.action;
 *
 * The route's contract (~/platform/http/contract, decision 182) names the methods it takes: the edge answers
 * any other with 405 and `Allow`, and hands each handler its method's entry (`operation`, whose
 * permission the guard asks for); the loader and action carry the contract for the document. It turns a thrown Response into the answer, and answers any other
 * failure (the database unreachable or locked, a disk error) with 503 in the envelope, logged once.
 * Bodies are read with a size cap and validated with zod; domain errors become their status and
 * localized message through the feature's error catalogue.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
  /** The matched route pattern (`/api/v1/codes/expire/:codeId`): how a refusal names the call in the audit trail. */
  pattern?: string;
  /** The method's entry in the route's contract, set by `apiRoute`: the guard reads who may make the call. */
  operation?: unknown;
};

type Handler = (args: ApiArgs) => Promise<Response> | Response;

type ApiRouteOptions = {
  /** The 503 answer's message (namespace and key) and error name, when the route has its own. */
  unavailable?: { namespace: Namespace; message: string; error: string };
};

type Handlers = Partial<Record<Method, Handler>>;
/** A route's contract as the edge reads it: the methods it takes (the rest is the document's and the guard's). */
type Contract = Partial<Record<Method, unknown>>;
/** A handler for each method of the contract, and for no other. */
type HandlersOf<C extends Contract> = { [M in keyof C & Method]-?: Handler } & { [M in Exclude<Method, keyof C>]?: never };
type Refuse = (args?: Partial<ApiArgs>) => Response;
/** A route's loader answers as its GET handler does (synchronously or not); without one it refuses. */
type LoaderOf<H> = H extends { GET: infer G extends Handler } ? (args: ApiArgs) => ReturnType<G> : Refuse;
type ActionOf<H> = [Exclude<keyof H, "GET">] extends [never] ? Refuse : (args: ApiArgs) => Promise<Response>;
/**
 * A route's loader and action carry the contract they were made with: a route module may export only
 * what React Router strips from the browser's build (`loader`, `action`), so that is where the route
 * table's readers find it (~/routes/api/calls.server).
 */
type Carrying<F, C> = F & { readonly contract: C };

export function apiRoute<C extends Contract, H extends HandlersOf<C>>(
  contract: C,
  handlers: H,
  options: ApiRouteOptions = {},
): { loader: Carrying<LoaderOf<H>, C>; action: Carrying<ActionOf<H>, C> } {
  const methods = Object.keys(contract) as Method[];
  const byMethod = handlers as Handlers;
  if (methods.some((m) => !byMethod[m]) || Object.keys(handlers).some((m) => !methods.includes(m as Method))) {
    throw new Error(`apiRoute: the handlers (${Object.keys(handlers).join(", ")}) are not the contract's methods (${methods.join(", ")})`);
  }
  const allow = methods;

  // Synchronous handlers answer synchronously; a failure of either kind becomes the edge's answer.
  function handle(args: ApiArgs): Response | Promise<Response> {
    const method = (args.request.method.toUpperCase() === "HEAD" ? "GET" : args.request.method.toUpperCase()) as Method;
    const handler = byMethod[method];
    if (!handler) return methodNotAllowed(args.context, allow);
    const recover = (thrown: unknown) => (thrown instanceof Response ? thrown : unavailable(args, thrown, options));
    try {
      const answer = handler({ ...args, operation: contract[method] });
      return answer instanceof Promise ? answer.catch(recover) : answer;
    } catch (thrown) {
      return recover(thrown);
    }
  }
  // React Router calls the loader for GET and HEAD and the action for every other method: a side with
  // no handler at all answers 405 at once.
  const refuse = (args?: Partial<ApiArgs>) => methodNotAllowed(args?.context, allow);
  return {
    loader: Object.assign(byMethod.GET ? handle : refuse, { contract }) as Carrying<LoaderOf<H>, C>,
    action: Object.assign(methods.some((m) => m !== "GET") ? handle : refuse, { contract }) as Carrying<ActionOf<H>, C>,
  };
}

function unavailable({ request, context }: ApiArgs, error: unknown, options: ApiRouteOptions): Response {
  console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
  const t = requestT(context, (options.unavailable?.namespace ?? "server") as keyof Resources);
  const message = options.unavailable ? t(options.unavailable.message as ParseKeys) : t("api.unavailable" as ParseKeys);
  return apiError(503, String(message), options.unavailable?.error ?? "unavailable", { "Retry-After": "5" });
}

/** 405 for a method the route does not take, with `Allow` (in English when called outside a request). */
export function methodNotAllowed(context: Readonly<RouterContextProvider> | undefined, allowed: readonly string[]) {
  const message = context ? requestT(context, "server")("api.methodNotAllowed") : "Method not allowed";
  return apiError(405, message, { allowed }, { Allow: allowed.join(", ") });
}

/**
 * 400 with the field errors of a failed validation: `error: {fields: {name: [messages]}}`; the message
 * is the first field's (the same words a form shows), unless the feature sums them up itself.
 */
export function apiInvalid(context: Readonly<RouterContextProvider>, fields: Record<string, string[]>, message?: string) {
  const first = Object.values(fields)[0]?.[0];
  return apiError(400, message ?? first ?? requestT(context, "server")("api.invalidInput"), { fields });
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** The 4xx answers of a body that cannot be read, in the request's language. */
function bodyFailure(context: Readonly<RouterContextProvider>, error: unknown): Response {
  const t = requestT(context, "server");
  if (error instanceof BodyTooLarge) return apiError(413, t("api.bodyTooLarge"), "body_too_large");
  if (error instanceof UnreadableBody) return apiError(400, t("api.unreadableBody"), "unreadable_body");
  throw error;
}

/**
 * A JSON (or url-encoded) body of at most `limit` bytes, parsed but not validated: always an object
 * (an empty body reads as `{}`). JSON that is not an object (`null`, `[]`, `"x"`, `1`) is a 400, here,
 * for every route, so no schema ever sees one.
 */
async function readRawBody(args: Pick<ApiArgs, "request" | "context">, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const { request, context } = args;
  let text: string;
  try {
    text = await readBodyText(request, limit);
  } catch (error) {
    throw bodyFailure(context, error);
  }
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, requestT(context, "server")("api.invalidJson"), "invalid_json");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw apiError(400, requestT(context, "server")("api.bodyNotObject"), "invalid_body");
  }
  return parsed as Record<string, unknown>;
}

function validated<S extends z.ZodType>(
  context: Readonly<RouterContextProvider>,
  schema: S,
  raw: unknown,
  summary?: (fields: Record<string, string[]>) => string,
): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw apiInvalid(context, fields, summary?.(fields));
  }
  return parsed.data;
}

/**
 * Reads a JSON (or url-encoded) body of at most 64 KB (`limit`: the one call the edge lets take more)
 * and validates it. Invalid JSON, an oversize body (413, without reading the rest) or a schema failure
 * throws the 4xx answer.
 */
export async function readBody<S extends z.ZodType>(
  args: Pick<ApiArgs, "request" | "context">,
  schema: S,
  summary?: (fields: Record<string, string[]>) => string,
  limit = JSON_BODY_LIMIT,
): Promise<z.infer<S>> {
  return validated(args.context, schema, await readRawBody(args, limit), summary);
}

/**
 * A body that may also be multipart/form-data (a form with a file, up to 6 MB, 20 parts, one file, on
 * the routes the edge lets take one: `takesMultipart` in app/platform/http/edge.server.ts): its validated text
 * fields, its non-empty files' bytes by field name, and which fields a JSON body carried (so a route
 * can refuse one that tried to send a file inside JSON).
 */
export async function readBodyWithFiles<S extends z.ZodType>(
  args: Pick<ApiArgs, "request" | "context">,
  schema: S,
  summary?: (fields: Record<string, string[]>) => string,
): Promise<{ value: z.infer<S>; files: Map<string, Uint8Array>; jsonFields: Set<string> }> {
  const files = new Map<string, Uint8Array>();
  if (!/^\s*multipart\/form-data\b/i.test(args.request.headers.get("content-type") ?? "")) {
    const raw = await readRawBody(args);
    const jsonFields = new Set(Object.keys(raw));
    return { value: validated(args.context, schema, raw, summary), files, jsonFields };
  }
  let form: FormData;
  try {
    form = await readMultipartForm(args.request);
  } catch (error) {
    throw bodyFailure(args.context, error);
  }
  const raw: Record<string, string> = {};
  for (const [name, entry] of form.entries()) {
    if (typeof entry === "string") raw[name] = entry;
    else if (entry.size > 0) files.set(name, new Uint8Array(await entry.arrayBuffer()));
  }
  return { value: validated(args.context, schema, raw, summary), files, jsonFields: new Set() };
}

/** Validates a GET's query string (missing or empty parameters are undefined); a failure throws 400. */
export function readQuery<S extends z.ZodType>(args: Pick<ApiArgs, "request" | "context">, schema: S, names: readonly string[]): z.infer<S> {
  const params = new URL(args.request.url).searchParams;
  const raw = Object.fromEntries(names.map((name) => [name, params.get(name) || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw apiInvalid(args.context, fieldErrors(parsed.error));
  return parsed.data;
}

/** The query of a list call that takes only `?page=` (what `readPageQuery` reads; its contract names it). */
export const PAGE_QUERY = z.object({ page: pageParam });

/** `?page=` of a list call (a whole number from 1, default 1); anything else throws 400. */
export function readPageQuery(args: Pick<ApiArgs, "request" | "context">): number {
  return readQuery(args, PAGE_QUERY, ["page"]).page;
}

/** The API's answer past any limit: 429, `Retry-After`, the localized message. */
export function apiTooManyAttempts(context: Readonly<RouterContextProvider>, retryAfterSeconds: number): Response {
  return apiError(429, tooManyAttempts(context, retryAfterSeconds), "rate_limited", { "Retry-After": String(retryAfterSeconds) });
}

/**
 * The answer to a domain error: `rate_limited` as every limit answers; any other through the
 * feature's catalogue (its status, its message in the request's language, the error's name).
 */
export function apiFailure<E extends string, N extends Namespace>(
  context: Readonly<RouterContextProvider>,
  catalogue: ErrorCatalogue<E, N>,
  failure: Fail<E | "rate_limited">,
): Response {
  if (failure.error === "rate_limited") return apiTooManyAttempts(context, failure.retryAfterSeconds ?? 60);
  const error = failure.error as E;
  const t = requestT(context, catalogue.namespace as keyof Resources) as unknown as TFunction<N>;
  const entry = catalogue.errors[error];
  // A refusal that says when to come back (a busy queue, 503) says it in the header too.
  const retry = failure.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
  return apiError(entry.status, errorMessage(t, catalogue, error), entry.code ?? error, retry);
}
