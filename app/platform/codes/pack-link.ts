import { getProduct } from "~/platform/catalog/catalog";
import { digitalLinkUrl } from "./digital-link";

/**
 * A pack's GS1 Digital Link URI (what its QR code carries): `SITE/01/{GTIN-14}/10/{lot}/21/{serial}`
 * with `?17=YYMMDD` when the run has a best-before day; `siteUrl` "" gives the path alone. Null when
 * its product has no GTIN or its lot is not one GS1 can carry (never for a two-part run's pack).
 */
export function packDigitalLink(siteUrl: string, pack: { productId: string; lot: string; serial: string; bestBefore: string | null }): string | null {
  const gtin = getProduct(pack.productId)?.gtin;
  if (!gtin) return null;
  try {
    return digitalLinkUrl(siteUrl, { gtin, lot: pack.lot, serial: pack.serial, bestBefore: pack.bestBefore });
  } catch {
    return null;
  }
}
