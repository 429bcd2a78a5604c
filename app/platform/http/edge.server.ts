import { createHmac, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Transform } from "node:stream";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import type { TrustProxy } from "~/platform/lib/trust-proxy";
import { requestContext, type Logger } from "~/platform/lib/log.server";

// The CORS preflight of the GS1 resolver's paths (decision 190), mounted by server.js before the method guard.
export { corsPreflight } from "./cors.server";

/**
 * The HTTP edge in front of React Router, as Express middleware that server.js mounts before the
 * framework: security headers on every answer, the client address and request id (trusting only the
 * proxies TRUST_PROXY names), methods and paths the app can never serve refused with a 4xx, request
 * bodies capped before anything parses them, health checks, and one access-log line per request.
 * Nothing here buffers a body: an over-long one is refused as its bytes arrive.
 */

export const BODY_LIMITS = {
  /** JSON, url-encoded forms and anything else that is not multipart. */
  form: 64 * 1024,
  /** multipart/form-data, on the routes that take a file only (FILE_ROUTES). */
  multipart: 6 * 1024 * 1024,
  /** A new print run's JSON, which may list up to 100,000 NFC tags with their keys (issue 41): `POST /api/v1/batches/create/` only. */
  runs: 8 * 1024 * 1024,
};

/** The one JSON call that takes more than the form cap: a run's NFC tags (`BODY_LIMITS.runs`). */
const LARGE_JSON_ROUTES: readonly { route: RegExp; limit: number }[] = [{ route: /^\/api\/v1\/batches\/create\/?$/, limit: BODY_LIMITS.runs }];

/**
 * The routes a multipart/form-data body may reach, each with its cap (decision 148): the counterfeit
 * report's photo, from its page (also as React Router's `.data` request, which a form sends once
 * JavaScript runs) and from the API, up to 6 MB; and a registration's unsubscribe link, which a mail
 * client's RFC 8058 one-click POST may send as multipart (a few bytes: the form cap). Every other page
 * takes url-encoded forms of 64 KB.
 */
const MULTIPART_ROUTES: readonly { route: RegExp; limit: number }[] = [
  { route: /^\/verify\/result\/[^/]+\/report(?:\.data)?\/?$/, limit: BODY_LIMITS.multipart },
  { route: /^\/api\/v1\/reports\/create\/?$/, limit: BODY_LIMITS.multipart },
  { route: /^\/registrations\/unsubscribe\/[^/]+\/?$/, limit: BODY_LIMITS.form },
];

/** The cap of a multipart body on `path` (without its query), or null where none is taken. */
function multipartLimit(path: string): number | null {
  return MULTIPART_ROUTES.find(({ route }) => route.test(path))?.limit ?? null;
}

/** True when `path` (without its query) takes a multipart body. */
export function takesMultipart(path: string): boolean {
  return multipartLimit(path) !== null;
}

const isMultipart = (contentType: string | undefined) => /^\s*multipart\/form-data\b/i.test(contentType ?? "");

export const MAX_URL_LENGTH = 4096;
export const MAX_PATH_LENGTH = 1024;

const PAGE_METHODS = "GET, HEAD, POST";
const API_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** Features this site never uses, denied to every page and anything framed in one. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * The same, with the camera allowed to this origin: the documents of the pages that read QR codes
 * (~/platform/http/scanner-page; entry.server.tsx sends it in place of the one above).
 */
export const SCANNER_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace("camera=()", "camera=(self)");

/** Headers every answer carries (HTML pages replace the CSP with their full nonce policy). */
export function securityHeaderList(options: { hsts: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Content-Security-Policy", "frame-ancestors 'none'"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ];
  if (options.hsts) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  const list = securityHeaderList(options);
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}

/** TRUST_PROXY as the function proxy-addr and Express use: may hop `i`, at `addr`, be believed? */
export function trustFunction(spec: TrustProxy): (addr: string, i: number) => boolean {
  if (spec.kind === "none") return () => false;
  if (spec.kind === "hops") return (_addr, i) => i < spec.hops;
  return proxyAddr.compile(spec.list);
}

/**
 * The key a client is limited by: its IPv4 address, or its IPv6 /64 (one household or phone is
 * given a whole /64, and could otherwise rotate through 2^64 addresses to escape every limit).
 */
export function clientKey(address: string | undefined): string {
  const bare = (address ?? "").split("%")[0]!;
  if (!ipaddr.isValid(bare)) return "unknown";
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") return parsed.toString();
  const words = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((w) => w.toString(16));
  return `${words.join(":")}::/64`;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function socketOf(req: IncomingMessage): Socket | undefined {
  return req.socket as Socket | undefined;
}

/**
 * The request id (`X-Request-Id` from a trusted proxy, else a new one, echoed on the answer) and the
 * client address the app reads (`x-client-address`, overwriting anything the client sent). Every
 * log line written while the request is served carries the id.
 */
export function requestIdentity(trust: (addr: string, i: number) => boolean): RequestHandler {
  return (req, res, next) => {
    const peer = socketOf(req)?.remoteAddress ?? "";
    const offered = req.headers["x-request-id"];
    const requestId = typeof offered === "string" && REQUEST_ID.test(offered) && peer && trust(peer, 0) ? offered : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    delete req.headers["x-request-id"];
    req.headers["x-request-id"] = requestId;
    let address: string | undefined;
    try {
      address = proxyAddr(req, trust);
    } catch {
      address = peer;
    }
    req.headers["x-client-address"] = clientKey(address);
    requestContext.run({ requestId }, next);
  };
}

function language(req: IncomingMessage): "en" | "ar" {
  const cookie = req.headers.cookie ?? "";
  const chosen = /(?:^|;\s*)lng=(en|ar)\b/.exec(cookie)?.[1];
  if (chosen === "ar" || chosen === "en") return chosen;
  return /^\s*ar\b/i.test(String(req.headers["accept-language"] ?? "")) ? "ar" : "en";
}

const MESSAGES = {
  method_not_allowed: { en: "This method is not allowed here.", ar: "هذه الطريقة غير مسموح بها هنا." },
  bad_request: { en: "This address could not be read.", ar: "تعذّرت قراءة هذا العنوان." },
  uri_too_long: { en: "This address is too long.", ar: "هذا العنوان طويل جدًا." },
  payload_too_large: { en: "This request is too large.", ar: "هذا الطلب كبير جدًا." },
  unsupported_media_type: { en: "This address does not accept files or this kind of content.", ar: "لا يقبل هذا العنوان الملفات ولا هذا النوع من المحتوى." },
} as const;

type Refusal = keyof typeof MESSAGES;

/** A 4xx from the edge: the API envelope under /api/, plain text elsewhere, in the visitor's language. */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, error: Refusal, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const message = MESSAGES[error][language(req)];
  const api = (req.url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ status_code: 6001, message, data: null, error }) : message;
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Methods and paths the app can never serve answer here with a 4xx, before the framework (which
 * answered `OPTIONS /` and `/foo%0abar` with a 500 and a stack trace in the log): OPTIONS, TRACE and
 * any other method but GET/HEAD/POST/PUT/PATCH/DELETE → 405; invalid percent-encoding, control
 * characters, a path not starting with `/` → 400; overlong → 414.
 */
export function methodAndPathGuard(): RequestHandler {
  return (req, res, next) => {
    const url = req.url ?? "";
    const api = url.startsWith("/api/");
    if (!KNOWN_METHODS.has(req.method)) return refuse(req, res, 405, "method_not_allowed", { Allow: api ? API_METHODS : PAGE_METHODS });
    if (url.length > MAX_URL_LENGTH) return refuse(req, res, 414, "uri_too_long");
    if (!url.startsWith("/")) return refuse(req, res, 400, "bad_request");
    const path = url.split("?")[0]!;
    if (path.length > MAX_PATH_LENGTH) return refuse(req, res, 414, "uri_too_long");
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return refuse(req, res, 400, "bad_request");
    }
    // Control characters (a decoded %0a, %00, …) and backslashes never belong to one of our paths.
    if (/[\p{Cc}\\]/u.test(decoded)) return refuse(req, res, 400, "bad_request");
    next();
  };
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The cap for a request's body: a multipart one where its route takes it (a photo), everything else is small. */
export function bodyLimitFor(contentType: string | undefined, path: string): number {
  const large = isMultipart(contentType) ? multipartLimit(path) : (LARGE_JSON_ROUTES.find(({ route }) => route.test(path))?.limit ?? null);
  return large ?? BODY_LIMITS.form;
}

/** The body stream the framework must read instead of the raw request (see `bodyLimit`). */
export function limitedBody(req: IncomingMessage): NodeJS.ReadableStream | undefined {
  return (req as IncomingMessage & { limitedBody?: NodeJS.ReadableStream }).limitedBody;
}

/**
 * Request bodies capped before parsing: multipart only on the routes that take it (else 415), up to
 * 6 MB for a photo; anything else up to 64 KB. A declared length over the cap is refused at once; a chunked
 * body is counted as it arrives and refused (413) the moment it passes the cap. A client that is
 * still writing when the connection closes sees a reset instead of the answer (undici's fetch, curl,
 * any client that asked for `Connection: close`), so a body of at most DISCARD_BYTES declared bytes
 * is read and thrown away, unparsed: a refusal here waits for its end before answering, and an answer
 * given later before the body was read (a redirect) keeps the connection open while Node discards
 * the rest. A longer declared body, or a chunked one, is never read: the answer closes the connection.
 */
const DISCARD_BYTES = 8 * 1024 * 1024;

/** True when what the client still sends may be read and discarded rather than cut off (see bodyLimit). */
function discardable(req: IncomingMessage): boolean {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  return req.headers["transfer-encoding"] === undefined && Number.isFinite(declared) && declared <= DISCARD_BYTES;
}

/** A refusal of a body not read yet: a discardable one is read to its end (and thrown away) first. */
function refuseOnceRead(req: IncomingMessage, res: ServerResponse, status: number, error: Refusal): void {
  if (req.complete || !discardable(req)) return refuse(req, res, status, error);
  req.once("end", () => refuse(req, res, status, error));
  req.resume();
}

export function bodyLimit(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers["content-length"];
    const hasBody = (declared !== undefined && declared !== "0") || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody) return next();

    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      if (!req.complete && !discardable(req)) this.setHeader("Connection", "close");
      return writeHead.apply(this, args as never);
    } as ServerResponse["writeHead"] as Response["writeHead"];

    // Multipart only where a route takes it: any other multipart body is refused (415) unread.
    const path = (req.url ?? "").split("?")[0]!;
    if (isMultipart(req.headers["content-type"]) && !takesMultipart(path)) {
      return refuseOnceRead(req, res, 415, "unsupported_media_type");
    }
    const limit = bodyLimitFor(req.headers["content-type"], path);
    if (declared !== undefined && !(Number(declared) <= limit)) {
      return refuseOnceRead(req, res, 413, "payload_too_large");
    }
    if (req.method === "GET" || req.method === "HEAD") return next();
    // A declared length within the cap needs no counting: Node's parser never delivers more bytes
    // than Content-Length says. Only a chunked body is counted as it arrives.
    if (declared !== undefined) return next();

    let seen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > limit) {
          req.unpipe(counter);
          refuse(req, res, 413, "payload_too_large", { Connection: "close" });
          callback(new BodyTooLargeError(limit));
          return;
        }
        callback(null, chunk);
      },
    });
    req.on("error", (error) => counter.destroy(error));
    req.on("aborted", () => counter.destroy(new Error("request aborted")));
    req.pipe(counter);
    (req as Request & { limitedBody?: NodeJS.ReadableStream }).limitedBody = counter;
    next();
  };
}

export type Readiness = { ready: true } | { ready: false; reason: string };

function json(res: ServerResponse, status: number, body: unknown, head: boolean) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(head ? undefined : text);
}

/**
 * `GET /healthz`: the process answers. `GET /readyz`: the database answers and is migrated, and the
 * process is not shutting down; 503 otherwise. No sign-in, no rate limit, no log line per hit.
 */
export function healthChecks(options: { readiness: () => Promise<Readiness>; draining: () => boolean; timeoutMs?: number }): RequestHandler {
  const timeoutMs = options.timeoutMs ?? 2000;
  return (req, res, next) => {
    const path = req.url?.split("?")[0];
    if (path !== "/healthz" && path !== "/readyz") return next();
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(req, res, 405, "method_not_allowed", { Allow: "GET, HEAD" });
    const head = req.method === "HEAD";
    if (path === "/healthz") return json(res, 200, { status: "ok" }, head);
    if (options.draining()) return json(res, 503, { status: "unavailable", reason: "shutting_down" }, head);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: "timeout" }), timeoutMs);
    });
    Promise.race([options.readiness().catch((): Readiness => ({ ready: false, reason: "database" })), timeout])
      .then((state) => {
        clearTimeout(timer);
        if (state.ready) json(res, 200, { status: "ready" }, head);
        else json(res, 503, { status: "unavailable", reason: state.reason }, head);
      })
      .catch(next);
  };
}

/** The keyed hash the scan log stores for a client (first 16 characters), for log lines. */
export function clientTag(secret: Buffer, key: string): string {
  return createHmac("sha256", secret).update(key).digest("base64url").slice(0, 16);
}

/**
 * One line per request once it is answered (or abandoned): method, path without the query (a query
 * can carry a code), status, duration, the keyed client tag. 5xx at error level. The logger's `scrub`
 * redacts a secret path segment (`/admin/invitation/[redacted]`, decision 150).
 */
export function accessLog(logger: () => Logger, tag: (key: string) => string): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let done = false;
    const finish = (aborted: boolean) => {
      if (done) return;
      done = true;
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const fields = {
        req_id: req.headers["x-request-id"],
        method: req.method,
        path: (req.originalUrl ?? req.url ?? "").split("?")[0]!.slice(0, 256),
        status: res.statusCode,
        ms,
        client: tag(String(req.headers["x-client-address"] ?? "unknown")),
        ...(aborted ? { aborted: true } : {}),
      };
      const line = logger();
      if (res.statusCode >= 500) line.error("request", fields);
      else line.info("request", fields);
    };
    res.on("finish", () => finish(false));
    res.on("close", () => finish(!res.writableFinished));
    next();
  };
}

/**
 * The HTTP server's own time limits (issue 42, N9), for `http.createServer`: a client has
 * `requestTimeoutSeconds` to send a whole request, headers and body (a body that trickles is cut then,
 * instead of holding its connection for Node's default five minutes), and 10 s for its headers alone;
 * the limits are checked every second.
 */
export function serverTimeouts(requestTimeoutSeconds: number): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  const requestTimeout = requestTimeoutSeconds * 1000;
  return { requestTimeout, headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: 1000 };
}

/**
 * A cap on the connections one client holds open to this process (issue 42, N9), for the server's
 * `connection` event: a client (its IPv4 address or IPv6 /64, as `clientKey`) past `max` open
 * connections is answered 429 with `Retry-After` and closed before anything is read. A peer that
 * TRUST_PROXY trusts is a proxy carrying many clients: its connections are not counted.
 */
export function connectionCap(options: { max: number; trust: (addr: string, i: number) => boolean; headers: [string, string][] }): (socket: Socket) => void {
  const open = new Map<string, number>();
  return (socket) => {
    const peer = socket.remoteAddress ?? "";
    if (peer && options.trust(peer, 0)) return;
    const key = clientKey(peer);
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    if (count > options.max) {
      const head = ["HTTP/1.1 429 Too Many Requests", ...options.headers.map(([k, v]) => `${k}: ${v}`), "Retry-After: 10", "Content-Length: 0", "Connection: close", "", ""];
      socket.end(head.join("\r\n"));
    }
  };
}

