import { createReadStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Readable } from "node:stream";

/**
 * Scalar's browser bundle (`@scalar/api-reference`'s dist/browser/standalone.js), kept in the repository
 * at vendor/scalar/ with its version and checksum (decision 180; `npm run vendor:scalar` updates it) and
 * served from this site (decision 157): no CDN, so the reference page's CSP keeps `script-src 'self'`.
 * Its URL carries the version, so it is cached for a year and changes with an update. Found through
 * package.json's `imports` (`#scalar/…`), the same from the sources and from the server build.
 */
const vendored = createRequire(import.meta.url);
const bundle = vendored.resolve("#scalar/standalone.js");

/** vendor/scalar/scalar.json: what `npm run vendor:scalar` fetched. */
export type ScalarManifest = { package: string; version: string; file: string; integrity: string; sha256: string; bytes: number };

let manifest: ScalarManifest | undefined;

/** The vendored bundle's manifest (its version and checksum). */
export function scalarManifest(): ScalarManifest {
  manifest ??= JSON.parse(readFileSync(vendored.resolve("#scalar/scalar.json"), "utf8")) as ScalarManifest;
  return manifest;
}

/** The vendored bundle's path. */
export function scalarBundlePath(): string {
  return bundle;
}

/** Where the reference page loads the bundle from. */
export function scalarScriptUrl(): string {
  return `/api/docs/scalar.js?v=${scalarManifest().version}`;
}

/** The bundle, streamed; cached for a year under its versioned URL. */
export function scalarScript(): Response {
  const stream = Readable.toWeb(createReadStream(bundle)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
