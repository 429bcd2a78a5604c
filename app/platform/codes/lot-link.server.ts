import QRCode from "qrcode";
import type { Batch } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { digitalLinkUrl } from "./digital-link";

/**
 * The lot-level GS1 Digital Link of an NFC run (`SITE/01/{GTIN-14}/10/{lot}`): the companion QR
 * printed beside the tag (for phones without NFC), and with `SUN_QUERY` the URL its tags mirror into.
 * Null when the run's product has left the catalogue.
 */
export function lotLink(siteUrl: string, batch: Pick<Batch, "product_id" | "lot">): string | null {
  const product = getProduct(batch.product_id);
  return product ? digitalLinkUrl(siteUrl, { gtin: product.gtin, lot: batch.lot }) : null;
}

/** An NFC run's companion QR for its page: the lot's Digital Link and its QR as an SVG data URL (error correction M, as printed). */
export async function companionQr(siteUrl: string, batch: Pick<Batch, "product_id" | "lot">): Promise<{ url: string; qr: string } | null> {
  const url = lotLink(siteUrl, batch);
  if (!url) return null;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}
