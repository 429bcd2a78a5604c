/**
 * The pages whose documents may read QR codes with the camera (issue 27): the verify page and a
 * check's result view, the two that show the code form and its "Scan the label" button. Only their
 * documents are served with the camera allowed (`Permissions-Policy: camera=(self)`; every other
 * answer denies it, ~/platform/http/edge.server) and with `'wasm-unsafe-eval'` in script-src, which the QR
 * reader's WebAssembly (ZXing, served from this site) needs to compile; entry.server.tsx sets both.
 *
 * Both are properties of the document, not of the route shown: a visitor who came to /verify by a
 * client-side navigation has the document of another page, so the scanner asks `documentAllowsScanner`
 * and loads /verify as a document first when it does not.
 */
const SCANNER_PAGE = /^\/verify(?:\/result\/[^/]+)?\/?$/;

/** True for the path of a page whose document gets the scanner's policies. */
export function isScannerPage(pathname: string): boolean {
  return SCANNER_PAGE.test(pathname);
}

/** In the browser: true when the document itself was served as a scanner page (not reached by a client navigation). */
export function documentAllowsScanner(): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0];
  const url = entry?.name || document.URL;
  try {
    return isScannerPage(new URL(url).pathname);
  } catch {
    return false;
  }
}
