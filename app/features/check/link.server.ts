import { createIsbotFromList, list as botPatterns } from "isbot";
import { CODE_INPUT_MAX, formatCode, isCodeLike, MAX_CODE_LENGTH, normalizeCode } from "~/platform/codes/code-format";

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
  // Something that cannot be a code is shown as it came, for the visitor to correct; never sent by itself.
  const code = isCodeLike(normalized);
  const prefill = code ? formatCode(normalized) : raw.trim().slice(0, CODE_INPUT_MAX);
  const userAgent = request.headers.get("user-agent") ?? "";
  return { prefill, autoSubmit: code && !isPreviewBot(userAgent) && !isSpeculative(request) };
}
