import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isLanguage, type Language } from "~/platform/i18n/languages";

/**
 * A page cache in front of React Router, for the public pages a QR campaign sends thousands of
 * shoppers to (decision 132). It serves only what is provably the same for every visitor:
 *
 * - a route says it is cacheable (`handle = cacheablePage`, checked by entry.server on the deepest match,
 *   which marks the answer with `PAGE_CACHE_HEADER`); the verify result, the admin, errors, 404s and
 *   anything else are never stored;
 * - the request is a GET with no query other than `?lng=en|ar` (so `/verify?code=…` is rendered),
 *   and no cookie other than the language cookie (a toast, an admin session or anything unknown
 *   goes through the framework);
 * - the answer is a 200 `text/html` whose only `Set-Cookie` is the language cookie the URL's `?lng=`
 *   asked for.
 *
 * The key is the path, the `?lng=` value and the language detected exactly as the framework does
 * (`?lng=`, the cookie, Accept-Language); the cache lives in the process that loaded the build, so
 * a new build starts empty. Every answer from the cache gets a fresh CSP nonce: the stored document
 * is kept split at the nonce it was rendered with, and the new nonce is put in at each place (the
 * document's `nonce` attributes, its inline loader, the CSP header). Entries live `ttlSeconds` (the
 * footer's year, a changed environment) and at most `maxEntries` are kept (least recently used out).
 */

/** Set by entry.server on a document whose deepest route is cacheable; never sent to a client. */
export const PAGE_CACHE_HEADER = "x-page-cache-eligible";
/** What the cache did with a request: `hit`, `miss` (rendered and stored) or absent (not eligible). */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";

type Entry = {
  status: number;
  /** Header name and value, each value split at the nonce the document was rendered with. */
  headers: [string, string[]][];
  body: string[];
  expires: number;
};

export type PageCacheOptions = {
  ttlSeconds: number;
  maxEntries?: number;
  detectLanguage: (request: Request) => Promise<Language>;
  languageCookieName?: string;
  now?: () => number;
};

const MAX_PATH = 200;

/** The cookie names in a Cookie header. */
function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=", 1)[0]!.trim())
    .filter(Boolean);
}

/** The path and `?lng=` of a cacheable request, or null when the request must reach the framework. */
export function eligibleRequest(
  method: string,
  url: string,
  headers: { cookie?: string },
  languageCookieName = "lng",
): { path: string; lng: Language | null } | null {
  if (method !== "GET") return null;
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  // A path with a dot is a file (favicon, images, assets): never a page, and not worth a lookup.
  if (path.length > MAX_PATH || !path.startsWith("/") || path.startsWith("//") || path.includes(".")) return null;
  let lng: Language | null = null;
  if (q >= 0) {
    const params = new URLSearchParams(url.slice(q + 1));
    for (const [name, value] of params) {
      if (name !== "lng" || lng !== null || !isLanguage(value)) return null;
      lng = value;
    }
  }
  if (cookieNames(headers.cookie).some((name) => name !== languageCookieName)) return null;
  return { path, lng };
}

/** A stored answer's Set-Cookie values are acceptable only when they are the language cookie alone. */
function onlyLanguageCookie(cookies: string[], name: string): boolean {
  return cookies.every((cookie) => cookie.startsWith(`${name}=`));
}

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * The entry for a framework answer, or null when it must not be stored (always, for a request that
 * may not be); and the answer to send, without the internal header.
 */
async function entryOf(
  response: Response,
  mayStore: boolean,
  { languageCookieName, expiresAt }: { languageCookieName: string; expiresAt: () => number },
): Promise<{ entry: Entry | null; response: Response }> {
  const eligible = mayStore && response.headers.get(PAGE_CACHE_HEADER) === "1";
  const headers = new Headers(response.headers);
  headers.delete(PAGE_CACHE_HEADER);
  const cookies = headers.getSetCookie();
  const nonce = NONCE.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
  const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!eligible || response.status !== 200 || !html || !nonce || !onlyLanguageCookie(cookies, languageCookieName) || !response.body) {
    return { entry: null, response: new Response(response.body, { status: response.status, statusText: response.statusText, headers }) };
  }
  const text = await response.text();
  const list: [string, string[]][] = [];
  for (const [name, value] of headers) if (name !== "set-cookie") list.push([name, value.split(nonce)]);
  for (const cookie of cookies) list.push(["set-cookie", [cookie]]);
  headers.set(PAGE_CACHE_STATUS_HEADER, "miss");
  return {
    entry: { status: 200, headers: list, body: text.split(nonce), expires: expiresAt() },
    response: new Response(text, { status: 200, headers }),
  };
}

/** Sends a stored answer with a fresh nonce put in at each place the old one was. */
function sendEntry(res: ServerResponse, entry: Entry) {
  const nonce = randomBytes(16).toString("base64");
  res.statusCode = entry.status;
  const cookies: string[] = [];
  for (const [name, parts] of entry.headers) {
    if (name === "set-cookie") cookies.push(parts[0]!);
    else res.setHeader(name, parts.join(nonce));
  }
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.setHeader(PAGE_CACHE_STATUS_HEADER, "hit");
  res.end(entry.body.join(nonce));
}

export function createPageCache({ ttlSeconds, maxEntries = 200, detectLanguage, languageCookieName = "lng", now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const enabled = ttlSeconds > 0;

  function lookup(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    // Least recently used goes first: move this one to the end.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  const entryOptions = { languageCookieName, expiresAt: () => now() + ttlSeconds * 1000 };

  return {
    enabled,
    size: () => entries.size,
    clear: () => entries.clear(),
    /**
     * Answers `req` from the cache (returns null), or returns what the caller must do with the
     * framework's answer before sending it: `capture(response)` stores it when it may be stored and
     * always strips the internal header.
     */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<null | ((response: Response) => Promise<Response>)> {
      const strip = async (response: Response) => {
        if (!response.headers.has(PAGE_CACHE_HEADER)) return response;
        return (await entryOf(response, false, entryOptions)).response;
      };
      const request = enabled ? eligibleRequest(req.method ?? "GET", req.url ?? "/", req.headers, languageCookieName) : null;
      if (!request) return strip;
      const language = await detectLanguage(
        new Request(`http://cache${req.url}`, { headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" } }),
      );
      const key = `${language}\u0000${request.lng ?? ""}\u0000${request.path}`;
      const entry = lookup(key);
      if (!entry) {
        return async (response) => {
          const { entry: fresh, response: out } = await entryOf(response, true, entryOptions);
          if (fresh) store(key, fresh);
          return out;
        };
      }
      sendEntry(res, entry);
      return null;
    },
  };
}