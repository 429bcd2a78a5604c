/**
 * The API's reference page, /api/docs (decision 157): Scalar draws it, and two of the `<style>` elements
 * its components add carry no nonce (its toasts' CSS and its theme). Only this page's document is served
 * with `style-src 'self' 'unsafe-inline'` (entry.server.tsx); scripts stay under the nonce and
 * `'strict-dynamic'` as everywhere. Like the scanner's policies (~/platform/http/scanner-page), it is a property of
 * the document: a visitor who came by a client-side navigation loads the page as a document first.
 */
const API_DOCS_PAGE = /^\/api\/docs\/?$/;

/** True for the path of the API reference page. */
export function isApiDocsPage(pathname: string): boolean {
  return API_DOCS_PAGE.test(pathname);
}

/** In the browser: true when the document itself was served as the API reference page. */
export function documentIsApiDocsPage(): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0];
  try {
    return isApiDocsPage(new URL(entry?.name || document.URL).pathname);
  } catch {
    return false;
  }
}
