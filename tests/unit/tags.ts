import { createCipheriv, randomBytes } from "node:crypto";
import { sdmMac } from "~/features/nfc/sun.server";

/**
 * An NTAG 424 DNA tag as the tests tap it (AN12196, AES mode): what its URL carries on a tap with
 * `counter`, made with its keys (hex). `e` is the PICCData (0xC7, the UID, the counter little-endian,
 * 5 random bytes) encrypted with the meta-read key; `c` the SDMMAC of the empty input.
 */
export function tap(tag: { uid: string; metaReadKey: string; fileReadKey: string }, counter: number): { e: string; c: string } {
  const plain = Buffer.alloc(16);
  plain[0] = 0xc7;
  Buffer.from(tag.uid, "hex").copy(plain, 1);
  plain.writeUIntLE(counter, 8, 3);
  randomBytes(5).copy(plain, 11);
  const cipher = createCipheriv("aes-128-ecb", Buffer.from(tag.metaReadKey, "hex"), null);
  cipher.setAutoPadding(false);
  const e = Buffer.concat([cipher.update(plain), cipher.final()]).toString("hex").toUpperCase();
  return { e, c: sdmMac(Buffer.from(tag.fileReadKey, "hex"), tag.uid, counter).toString("hex").toUpperCase() };
}

/** A UID of a fresh tag (7 bytes, NXP's 0x04 first), upper-case hex. */
export const newUid = () => `04${randomBytes(6).toString("hex").toUpperCase()}`;

/** A fresh AES-128 key, upper-case hex. */
export const newKey = () => randomBytes(16).toString("hex").toUpperCase();

/** AN12196's example tag (its Table 2 and 4): both keys all zero, UID 04DE5F1EACC040, the tap at counter 61. */
export const AN12196 = {
  uid: "04DE5F1EACC040",
  metaReadKey: "00000000000000000000000000000000",
  fileReadKey: "00000000000000000000000000000000",
  e: "EF963FF7828658A599F3041510671E88",
  c: "94EED9EE65337086",
  counter: 61,
};
