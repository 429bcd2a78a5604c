import type { Batch } from "@db/schema";
import { csvRow } from "~/platform/lib/csv";
import { lotLink } from "~/platform/codes/lot-link.server";
import { openMetaKey } from "~/platform/codes/tag-keys.server";

/** The encoder's columns (issue 41): what a tag programming station writes into each tag. */
export const ENCODER_COLUMNS = ["uid", "meta_read_key", "file_read_key", "url_template"] as const;

/** The SUN mirror's placeholders in the URL a tag is programmed with: PICCData (32 hex) and SDMMAC (16 hex). */
export const SUN_QUERY = "?e={PICCData}&c={SDMMAC}";

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
