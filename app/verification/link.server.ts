import { createIsbotFromList, list as botPatterns } from "isbot";
import { formatCode, MAX_CODE_LENGTH, normalizeCode } from "./code-format";

/**
 * Crawlers and link previewers never get the auto-submit. A headless browser is not one of them: it is
 * a real browser driven by a person's script (automated shopper checks, accessibility tools), and it
 * only submits after running the page's JavaScript, which previewers do not do.
 */
const isPreviewBot = createIsbotFromList(botPatterns.filter((pattern) => !/headless/i.test(pattern)));

/** Prefetches and prerenders announce themselves; they never start a check. */
function isSpeculative(request: Request): boolean {
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  return /prefetch|prerender/i.test(purpose);
}

/**
 * What a label's link (`/verify?code=…`) does: pre-fill the form with the code, grouped, and let a
 * real visitor's browser submit it once. A GET never checks or consumes anything.
 */
export function verifyLinkPrefill(request: Request): { prefill: string; autoSubmit: boolean } {
  const raw = new URL(request.url).searchParams.get("code") ?? "";
  const normalized = normalizeCode(raw).slice(0, MAX_CODE_LENGTH);
  const prefill = normalized ? formatCode(normalized) : "";
  const userAgent = request.headers.get("user-agent") ?? "";
  return { prefill, autoSubmit: prefill !== "" && !isPreviewBot(userAgent) && !isSpeculative(request) };
}
