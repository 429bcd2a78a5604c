import { data, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "@db/db.server";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { formatDate } from "~/platform/i18n/format";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import type { BundlePick } from "~/platform/i18n/resources";
import { shownOutcome } from "~/platform/codes/outcomes";
import { findScan } from "~/features/check/scan-writer.server";
import { batchFacts } from "~/features/check/verify.server";
import { recallShown } from "~/platform/codes/view";
import type { TapReason } from "../json";
import { tapSchema } from "../schemas";
import { tapRequest } from "../tap-request.server";
import { isNfcLot, tapsUpTo, tapTag } from "../taps.server";
import type { TapState } from "../words";
import type { TapPageView } from "./tap-screen";

/** The words a tap's page shows. */
export const tapPicks = ["verify.tap", "verify.dialog"] as const satisfies readonly BundlePick[];

/** `?lng=` kept on a redirect (the language a tag's URL was opened in). */
function withLanguage(request: Request, path: string, query: Record<string, string> = {}): string {
  const lng = new URL(request.url).searchParams.get("lng");
  const params = new URLSearchParams({ ...query, ...(lng ? { lng } : {}) }).toString();
  return params ? `${path}?${params}` : path;
}

/**
 * The tap branch of the lot-level Digital Link (`/01/{GTIN}/10/{lot}`), called first by its route.
 * With `e` and `c`, the URL is a tag's tap: it is verified and recorded (`tapTag`), then the browser is
 * sent on (303) to the tap's result, `/tap/{scanId}`, so a reload shows the same answer instead of
 * tapping again (which would read as a copied link). Input no tag makes goes to `/tap/unreadable`
 * (400), past the client's limit to `/tap/limited` (429). Without them, the lot of an NFC run is its
 * tags' companion QR: the product's page with "tap the tag to verify" (`?tap=1`). Anything else
 * returns, for the route's own answer.
 */
export async function answerTap(request: Request, context: Readonly<RouterContextProvider>, params: { gtin?: string; lot?: string }): Promise<void> {
  if (!params.lot) return;
  const query = new URL(request.url).searchParams;
  if (!query.has("e") && !query.has("c")) {
    const productId = await isNfcLot(params.gtin ?? "", params.lot);
    if (productId) throw redirect(withLanguage(request, `/product/${productId}`, { tap: "1" }), 302);
    return;
  }
  const input = tapSchema(requestT(context, "verify")).safeParse({ gtin: params.gtin, lot: params.lot, e: query.get("e") ?? undefined, c: query.get("c") ?? undefined });
  if (!input.success) throw redirect(withLanguage(request, "/tap/unreadable"), 303);
  const answer = await orUnavailable("Tap", () => tapTag(tapRequest(request, context, input.data)));
  if (!answer.ok) throw data(null, { status: 503 });
  if (!answer.value.ok) throw redirect(withLanguage(request, "/tap/limited", { after: String(answer.value.retryAfterSeconds ?? 60) }), 303);
  throw redirect(withLanguage(request, `/tap/${answer.value.value.verification.scanId}`), 303);
}

const REASONS: Partial<Record<string, TapReason>> = { used: "replayed", replayed: "replayed", bad_mac: "bad_mac", revoked: "revoked", unknown: "unknown_tag" };

/**
 * A tap's result page (`/tap/{scanId}`): the recorded tap as it was answered, never tapped again. A
 * genuine or replayed tap names the product, lot and best-before day (a copied link of a real tag:
 * the shopper learns what it was copied from) and the tag's genuine taps up to it and since when; a
 * scan that is not a tap is the 404 page.
 */
export async function loadTapPage(request: Request, context: Readonly<RouterContextProvider>, scanId: string | undefined): Promise<TapPageView> {
  const blank = { scanId: null, product: null, lot: null, bestBefore: null, checkedAt: null, firstTapAt: null, taps: 0, recall: null, limited: null };
  if (scanId === "unreadable") return { ...blank, state: "malformed", status: 400 };
  if (scanId === "limited") {
    const after = Number(new URL(request.url).searchParams.get("after"));
    return { ...blank, state: "limited", status: 429, limited: tooManyAttempts(context, Number.isFinite(after) && after > 0 ? after : 60) };
  }
  const scan = scanId ? await findScan(scanId) : undefined;
  if (!scan || Number(scan.tap) !== 1) throw data(null, { status: 404 });
  const language = requestLanguage(context);
  const outcome = shownOutcome(scan);
  const state: TapState = outcome === "valid" ? "genuine" : outcome === "recalled" ? "recalled" : (REASONS[outcome] ?? "unknown_tag");
  const told = state === "genuine" || state === "recalled" || state === "replayed";
  const batch = told ? await batchFacts(await getDb(), scan.batch_id) : null;
  const product = told && scan.product_id ? getProduct(scan.product_id) : undefined;
  return {
    state,
    status: 200,
    scanId: scan.id,
    product: product ? { id: product.id, name: productName(product, language), image: product.images[0] ?? null } : null,
    lot: batch?.lot ?? null,
    bestBefore: batch?.bestBefore ? formatDate(batch.bestBefore, language) : null,
    checkedAt: scan.created_at,
    firstTapAt: told ? scan.verified_at : null,
    taps: told ? await tapsUpTo(scan) : 0,
    recall: told ? recallShown(batch?.recall, language) : null,
    limited: null,
  };
}
