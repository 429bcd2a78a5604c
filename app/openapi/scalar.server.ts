import { createReadStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";

/**
 * Scalar's browser bundle (`@scalar/api-reference`, dist/browser/standalone.js), served from this site
 * (decision 157): no CDN, so the reference page's CSP keeps `script-src 'self'`. Its URL carries the
 * package's version, so it is cached for a year and changes with an upgrade.
 */
const dist = dirname(createRequire(import.meta.url).resolve("@scalar/api-reference"));
const bundle = join(dist, "browser", "standalone.js");

let version: string | undefined;

/** The installed version of @scalar/api-reference. */
function scalarVersion(): string {
  version ??= (JSON.parse(readFileSync(join(dist, "..", "package.json"), "utf8")) as { version: string }).version;
  return version;
}

/** Where the reference page loads the bundle from. */
export function scalarScriptUrl(): string {
  return `/api/docs/scalar.js?v=${scalarVersion()}`;
}

/** The bundle, streamed; cached for a year under its versioned URL. */
export function scalarScript(): Response {
  const stream = Readable.toWeb(createReadStream(bundle)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
