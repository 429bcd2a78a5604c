import { createCipheriv, createDecipheriv, timingSafeEqual } from "node:crypto";

/**
 * NXP's Secure Unique NFC (SUN) message of an NTAG 424 DNA tag, AES mode (AN12196), as this product
 * programs it: the tag mirrors `e` (PICCData encrypted with the run's SDMMetaReadKey) and `c` (the
 * SDMMAC over an empty input, `SDMMACInputOffset = SDMMACOffset`) into its URL on every tap. Our own
 * code over node:crypto, which has AES but no CMAC; checked against RFC 4493's and AN12196's published
 * values (sun.server.test.ts).
 */

const BLOCK = 16;
const ZERO_IV = Buffer.alloc(BLOCK);

/** 7-byte UID mirrored, read counter mirrored, UID length 7: the PICCDataTag our tags are programmed with. */
export const PICC_DATA_TAG = 0xc7;

/** AES-128 of one block (ECB, no padding). */
function aesBlock(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** One bit left across the block; when the top bit fell out, the field's constant Rb = 0x87 (RFC 4493, 2.3). */
function doubled(block: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i++) out[i] = ((block[i]! << 1) | (i + 1 < BLOCK ? block[i + 1]! >> 7 : 0)) & 0xff;
  if (block[0]! & 0x80) out[BLOCK - 1]! ^= 0x87;
  return out;
}

/** AES-CMAC's two subkeys K1 and K2 (RFC 4493, 2.3). */
export function cmacSubkeys(key: Buffer): { k1: Buffer; k2: Buffer } {
  const k1 = doubled(aesBlock(key, Buffer.alloc(BLOCK)));
  return { k1, k2: doubled(k1) };
}

/**
 * AES-CMAC (RFC 4493) of a message of any length under a 16-byte key: the last block XORed with K1
 * when complete, else padded with 10* and XORed with K2; then AES-CBC with a zero IV over the whole
 * message, whose last cipher block is the MAC (16 bytes).
 */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  if (key.length !== BLOCK) throw new Error("AES-CMAC: the key must be 16 bytes");
  const { k1, k2 } = cmacSubkeys(key);
  const blocks = Math.max(1, Math.ceil(message.length / BLOCK));
  const complete = message.length > 0 && message.length % BLOCK === 0;
  const padded = Buffer.alloc(blocks * BLOCK);
  message.copy(padded);
  if (!complete) padded[message.length] = 0x80;
  const last = (blocks - 1) * BLOCK;
  const subkey = complete ? k1 : k2;
  for (let i = 0; i < BLOCK; i++) padded[last + i]! ^= subkey[i]!;
  const cbc = createCipheriv("aes-128-cbc", key, ZERO_IV);
  cbc.setAutoPadding(false);
  const out = Buffer.concat([cbc.update(padded), cbc.final()]);
  return out.subarray(out.length - BLOCK);
}

/** What a tag's PICCData says: the tag byte, its 7-byte UID (14 hex, upper case) and its read counter. */
export type PiccData = { tag: number; uid: string; counter: number };

/**
 * Decrypts `e` (16 bytes) with the run's SDMMetaReadKey: AES-128-CBC, zero IV, one block. Null when
 * the plaintext is not one of our tags' (its PICCDataTag is not 0xC7): another key, or not a tag.
 */
export function decryptPiccData(metaReadKey: Buffer, encrypted: Buffer): PiccData | null {
  if (encrypted.length !== BLOCK || metaReadKey.length !== BLOCK) return null;
  const decipher = createDecipheriv("aes-128-cbc", metaReadKey, ZERO_IV);
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  if (plain[0] !== PICC_DATA_TAG) return null;
  return { tag: plain[0]!, uid: plain.subarray(1, 8).toString("hex").toUpperCase(), counter: plain.readUIntLE(8, 3) };
}

/** SV2 = 3CC3 0001 0080 ‖ UID ‖ counter (3 bytes, little-endian): what the session MAC key is derived from. */
export function sessionVector(uid: string, counter: number, label: "mac" | "enc" = "mac"): Buffer {
  const head = Buffer.from(label === "mac" ? "3cc300010080" : "c33c00010080", "hex");
  const ctr = Buffer.alloc(3);
  ctr.writeUIntLE(counter, 0, 3);
  return Buffer.concat([head, Buffer.from(uid, "hex"), ctr]);
}

/** KSesSDMFileReadMAC = CMAC(SDMFileReadKey, SV2) (AN12196). `enc` gives the session encryption key (SV1), for the tests. */
export function sessionKey(fileReadKey: Buffer, uid: string, counter: number, label: "mac" | "enc" = "mac"): Buffer {
  return aesCmac(fileReadKey, sessionVector(uid, counter, label));
}

/** The 8 bytes a tag mirrors as `c`: the odd-numbered bytes (1, 3, …, 15) of CMAC(KSes, empty input). */
export function sdmMac(fileReadKey: Buffer, uid: string, counter: number): Buffer {
  const full = aesCmac(sessionKey(fileReadKey, uid, counter), Buffer.alloc(0));
  return Buffer.from(Array.from({ length: 8 }, (_, i) => full[2 * i + 1]!));
}

/** True when `mac` (8 bytes) is the tag's own for this UID and counter, compared in constant time. */
export function isTagMac(fileReadKey: Buffer, uid: string, counter: number, mac: Buffer): boolean {
  const expected = sdmMac(fileReadKey, uid, counter);
  return mac.length === expected.length && timingSafeEqual(mac, expected);
}
