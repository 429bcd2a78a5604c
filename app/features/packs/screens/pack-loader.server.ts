import { data, redirect, type RouterContextProvider } from "react-router";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { countryName } from "~/platform/i18n/countries";
import { formatDate } from "~/platform/i18n/format";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import type { BundlePick } from "~/platform/i18n/resources";
import { formatCode } from "~/platform/codes/code-format";
import { isGs1Lot, toGtin14 } from "~/platform/codes/digital-link";
import { ownRedemption, packRequest, productOfGtin, viewPack, viewUnknownGtin, type PackIdentity } from "../packs.server";
import { isPastBestBefore } from "~/features/check/verify.server";
import { recallShown } from "~/platform/codes/view";
import type { PackPageView } from "./pack-screen";
import { redeemedScanIds } from "./redeemed-cookie.server";

/** The words a pack's page shows (not the verify page's explanations): its document stays light. */
export const packPicks = ["verify.pack", "verify.dialog", "verify.form", "verify.result"] as const satisfies readonly BundlePick[];

/** The parts of a GS1 Digital Link path on this site (`/01/{GTIN}/10/{lot}/21/{serial}`), as React Router decoded them. */
export type LinkParams = { gtin?: string; lot?: string; serial?: string };

/**
 * The GTIN-14, lot and serial of a Digital Link path; a 404 (the not-found page) when GS1 could not
 * have made it: a wrong check digit, a lot or serial outside AI 10's / AI 21's characters.
 */
export function linkOf(params: LinkParams): { gtin: string; lot: string | null; serial: string | null } {
  const gtin = toGtin14(params.gtin ?? "");
  const valid = (value: string | undefined) => value === undefined || isGs1Lot(value);
  if (!gtin || !valid(params.lot) || !valid(params.serial)) throw data(null, { status: 404 });
  return { gtin, lot: params.lot ?? null, serial: params.serial ?? null };
}

/** What a Digital Link's serial names: its pack only when the link's GTIN and lot are that pack's. */
export function identityOf(link: { gtin: string; lot: string | null }): PackIdentity {
  return { productId: productOfGtin(link.gtin)?.id ?? null, lot: link.lot ?? "" };
}

/**
 * A pack's public page: logs the view (kind `view`, never consumes) and shows what a shopper acts on.
 * An unknown serial, or a real one under another product's GTIN or lot, is the counterfeit answer. The
 * browser that redeemed the pack is told so (`ownRedemption`), not warned as a stranger would be. Past
 * the client's view limit the page says when to try again (429), nothing logged.
 */
export async function loadPackPage(request: Request, context: Readonly<RouterContextProvider>, params: LinkParams): Promise<{ view: PackPageView; status: number }> {
  const link = linkOf(params);
  // Without a lot (a Digital Link shape our labels never print) the serial names no pack of ours.
  if (!link.serial) throw data(null, { status: 404 });
  const serial = link.serial;
  const viewed = await orUnavailable("Pack view", () => viewPack(packRequest(request, context, serial), { identity: identityOf(link) }));
  if (!viewed.ok) throw data(null, { status: 503 });
  if (!viewed.value.ok) {
    if (viewed.value.error !== "rate_limited") throw data(null, { status: 404 });
    return { view: limitedPage(context, formatCode(serial), viewed.value.retryAfterSeconds), status: 429 };
  }
  const { pack, verification } = viewed.value.value;
  const language = requestLanguage(context);
  const product = pack && pack.state !== "revoked" ? getProduct(pack.productId) : undefined;
  if (!pack || !product || !verification) return { view: counterfeitPage(formatCode(serial), verification?.scanId ?? null, pack?.state === "revoked" ? "revoked" : "unknown"), status: 200 };
  const own = pack.state === "verified" ? await ownRedemption(pack, redeemedScanIds(request)) : null;
  return {
    status: 200,
    view: {
      state: pack.state,
      shown: formatCode(pack.serial),
      // Only a pack that is not genuine to buy has something to report (never the buyer's own).
      scanId: pack.state === "sealed" || own ? null : verification.scanId,
      product: { id: product.id, name: productName(product, language), image: product.images[0] ?? null },
      lot: pack.lot,
      bestBefore: pack.bestBefore ? formatDate(pack.bestBefore, language) : null,
      pastBestBefore: isPastBestBefore(verification),
      verifiedAt: pack.verifiedAt,
      country: pack.verifiedAt ? (pack.country ? countryName(pack.country, language) : null) : null,
      recall: recallShown(verification.batch?.recall, language, link.gtin),
      ownRedemption: own,
      pinLength: pack.pinLength,
      limited: null,
    },
  };
}

/**
 * `/01/{GTIN}` or `/01/{GTIN}/10/{lot}`: a 302 to the page of the product the GTIN names (`?lng=`
 * kept; a document request is redirected before this by the resolver, decision 190, and this answers
 * React Router's own data requests); a GTIN of no product of ours is the counterfeit answer (404),
 * logged as a view of that GTIN.
 */
export async function loadGtinPage(request: Request, context: Readonly<RouterContextProvider>, params: LinkParams): Promise<{ view: PackPageView; status: number }> {
  const link = linkOf(params);
  const product = productOfGtin(link.gtin);
  if (product) {
    const lng = new URL(request.url).searchParams.get("lng");
    throw redirect(`/product/${product.id}${lng ? `?lng=${encodeURIComponent(lng)}` : ""}`, 302);
  }
  const viewed = await orUnavailable("GTIN view", () => viewUnknownGtin(packRequest(request, context, link.gtin)));
  if (!viewed.ok) throw data(null, { status: 503 });
  if (!viewed.value.ok) return { view: limitedPage(context, link.gtin, viewed.value.retryAfterSeconds), status: 429 };
  // Nothing known of this GTIN: 404, as GS1's resolver standard answers (decision 190), with the counterfeit answer.
  return { view: counterfeitPage(link.gtin, viewed.value.value.scanId), status: 404 };
}

/** Past the client's view limit: what was read, and when to try again. */
function limitedPage(context: Readonly<RouterContextProvider>, shown: string, retryAfterSeconds: number | undefined): PackPageView {
  return { ...counterfeitPage(shown, null), state: "limited", limited: tooManyAttempts(context, retryAfterSeconds ?? 60) };
}

/** The counterfeit answer (as an unknown or revoked code gets): what was read, and the scan to report it with. */
export function counterfeitPage(shown: string, scanId: string | null, state: "unknown" | "revoked" = "unknown"): PackPageView {
  return { state, shown, scanId, product: null, lot: null, bestBefore: null, pastBestBefore: false, verifiedAt: null, country: null, recall: null, ownRedemption: null, pinLength: null, limited: null };
}
