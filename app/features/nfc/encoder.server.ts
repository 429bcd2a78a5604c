import QRCode from "qrcode";
import type { Batch } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { csvRow } from "~/platform/lib/csv";
import { digitalLinkUrl } from "~/platform/codes/digital-link";
import { openMetaKey } from "./keys.server";

/** The encoder's columns (issue 41): what a tag programming station writes into each tag. */
export const ENCODER_COLUMNS = ["uid", "meta_read_key", "file_read_key", "url_template"] as const;

/** The SUN mirror's placeholders in the URL a tag is programmed with: PICCData (32 hex) and SDMMAC (16 hex). */
export const SUN_QUERY = "?e={PICCData}&c={SDMMAC}";

/**
 * The lot-level GS1 Digital Link of an NFC run (`SITE/01/{GTIN-14}/10/{lot}`): the companion QR
 * printed beside the tag (for phones without NFC), and with `SUN_QUERY` the URL its tags mirror into.
 * Null when the run's product has left the catalogue.
 */
export function lotLink(siteUrl: string, batch: Pick<Batch, "product_id" | "lot">): string | null {
  const product = getProduct(batch.product_id);
  return product ? digitalLinkUrl(siteUrl, { gtin: product.gtin, lot: batch.lot }) : null;
}

/**
 * The encoder's file of an NFC run, a chunk of rows at a time (decision 195): `uid, meta_read_key,
 * file_read_key, url_template` per tag, in the run's order. The only place a run's keys leave the
 * server (owners only, audited: batches/exports). ASCII only and read by machines: no byte-order
 * mark. `tags` are the run's rows opened (the UID as `code`, the file-read key as `pin`).
 */
export async function* encoderCsv(batch: Batch, siteUrl: string, tags: AsyncIterable<readonly { code: string; pin: string | null }[]>): AsyncGenerator<string> {
  const meta = openMetaKey(batch.nfc_meta_key_enc);
  const link = lotLink(siteUrl, batch);
  if (!meta || !link) throw new Error(`NFC run ${batch.id}: its meta-read key or its product is missing`);
  const template = `${link}${SUN_QUERY}`;
  const metaHex = meta.toString("hex").toUpperCase();
  yield csvRow(ENCODER_COLUMNS);
  for await (const chunk of tags) yield chunk.map((tag) => csvRow([tag.code, metaHex, tag.pin ?? "", template])).join("");
}

/** An NFC run's companion QR for its page: the lot's Digital Link and its QR as an SVG data URL (error correction M, as printed). */
export async function companionQr(siteUrl: string, batch: Pick<Batch, "product_id" | "lot">): Promise<{ url: string; qr: string } | null> {
  const url = lotLink(siteUrl, batch);
  if (!url) return null;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}
