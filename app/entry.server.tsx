import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { getInstance } from "~/platform/i18n/i18n.server";
import { wantsPageCache } from "~/platform/http/page-cache";
import { PAGE_CACHE_HEADER } from "~/platform/http/page-cache.server";
import { deferHydrationStream, wantsPaintFirst } from "~/platform/http/paint-first.server";
import { isScannerPage } from "~/platform/http/scanner-page";
import { isApiDocsPage } from "~/platform/http/api-docs-page";
import { SCANNER_PERMISSIONS_POLICY } from "~/platform/http/edge.server";
import { renderedOnlyFor } from "~/platform/http/rendered-only.server";
import { NonceContext } from "~/platform/ui/nonce";
import { RenderedOnlyContext } from "~/platform/ui/static-island";

// Exposed to server.js through the build's entry module.
export { initDb, closeDb } from "@db/db.server";
export { ensureInitialAdmin } from "~/features/sign-in/bootstrap.server";
export { env } from "~/platform/lib/env.server";
export { loadContext } from "~/platform/http/rendered-only.server";
export { handleServerError as handleError } from "~/platform/http/handle-error.server";
export * as runtime from "~/runtime.server";

export const streamTimeout = 5_000;

/**
 * The document's policy. `scanner`: a page that reads QR codes (~/platform/http/scanner-page) may also compile
 * the reader's WebAssembly, served from this site (`'wasm-unsafe-eval'`; nothing else is eval'd).
 * `inlineStyles`: the API reference (~/platform/http/api-docs-page) may add `<style>` elements without a nonce
 * (a nonce in the list would switch `'unsafe-inline'` off, so it takes the nonce's place there).
 */
export function contentSecurityPolicy(nonce: string, { scanner = false, inlineStyles = false }: { scanner?: boolean; inlineStyles?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${scanner ? " 'wasm-unsafe-eval'" : ""}`,
    `style-src 'self' ${inlineStyles ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  const nonce = randomBytes(16).toString("base64");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS readers get the whole document at once; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || entryContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={getInstance(routerContext)}>
          <RenderedOnlyContext.Provider value={renderedOnlyFor(routerContext)}>
            <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
          </RenderedOnlyContext.Provider>
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const handles = entryContext.staticHandlerContext.matches.map((match) => entryContext.routeModules[match.route.id]?.handle);
          const stream = createReadableStreamFromReadable(wantsPaintFirst(handles) ? body.pipe(deferHydrationStream()) : body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const scanner = isScannerPage(new URL(request.url).pathname);
          const inlineStyles = isApiDocsPage(new URL(request.url).pathname);
          responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { scanner, inlineStyles }));
          // The camera, denied to every other answer (~/platform/http/edge.server), for the scanner's pages only.
          if (scanner) responseHeaders.set("Permissions-Policy", SCANNER_PERMISSIONS_POLICY);
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
          responseHeaders.append("Vary", "Cookie");
          // The page cache in front (server.js) may keep this document: the same for every visitor.
          if (responseStatusCode === 200 && wantsPageCache(handles)) responseHeaders.set(PAGE_CACHE_HEADER, "1");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
