// NFC tags for the benchmarks (issue 41): an NFC run made through the API, its tags' keys read from
// the encoder's file, and what a tag's URL carries on a tap, computed as an NTAG 424 DNA does
// (AN12196, AES mode). A tag's side of the exchange, written apart from the server's
// (app/features/nfc/sun.server.ts), so a genuine answer in the run also says the two agree.
import { createCipheriv, randomBytes } from "node:crypto";
import { login } from "./lib.mjs";

function aes(key, mode, block, iv = null) {
  const cipher = createCipheriv(mode, key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** The block shifted one bit left, with 0x87 folded in when its top bit fell out (RFC 4493's subkeys). */
function shifted(block) {
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) out[i] = ((block[i] << 1) | (i < 15 ? block[i + 1] >> 7 : 0)) & 0xff;
  if (block[0] & 0x80) out[15] ^= 0x87;
  return out;
}

/** AES-CMAC of a message of at most 16 bytes (all a tag needs: SV2 is 16, the MAC's input empty). */
function cmac16(key, message) {
  const k1 = shifted(aes(key, "aes-128-ecb", Buffer.alloc(16)));
  const last = Buffer.alloc(16);
  message.copy(last);
  const subkey = message.length === 16 ? k1 : shifted(k1);
  if (message.length < 16) last[message.length] = 0x80;
  for (let i = 0; i < 16; i++) last[i] ^= subkey[i];
  return aes(key, "aes-128-ecb", last);
}

/** `e` and `c` of a tag's tap with `counter` (hex, upper case). */
export function tapOf(tag, counter) {
  const ctr = Buffer.alloc(3);
  ctr.writeUIntLE(counter, 0, 3);
  const uid = Buffer.from(tag.uid, "hex");
  const picc = Buffer.concat([Buffer.from([0xc7]), uid, ctr, randomBytes(5)]);
  const e = aes(tag.metaReadKey, "aes-128-cbc", picc, Buffer.alloc(16));
  const session = cmac16(tag.fileReadKey, Buffer.concat([Buffer.from("3cc300010080", "hex"), uid, ctr]));
  const mac = cmac16(session, Buffer.alloc(0));
  const c = Buffer.from([1, 3, 5, 7, 9, 11, 13, 15].map((i) => mac[i]));
  return { e: e.toString("hex").toUpperCase(), c: c.toString("hex").toUpperCase() };
}

/**
 * An NFC run of `quantity` tags (random UIDs, keys made by the server) made through the API, read
 * back from its encoder's file: each tag's UID and keys, and the run's GTIN-14, lot and URL path.
 */
export async function makeTags(base, productId, { quantity, lot }) {
  const { access } = await login(base);
  const auth = { authorization: `Bearer ${access}` };
  const uids = Array.from({ length: quantity }, () => `04${randomBytes(6).toString("hex").toUpperCase()}`);
  const created = await fetch(`${base}/api/v1/batches/create/`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ product_id: productId, lot, best_before: "2029-12-31", label: "nfc", uids }),
  });
  const body = await created.json();
  if (created.status !== 201) throw new Error(`creating ${quantity} NFC tags answered ${created.status}: ${JSON.stringify(body).slice(0, 200)}`);
  const csv = await fetch(`${base}/api/v1/batches/${body.data.batch.id}/nfc.csv`, { headers: auth });
  const [, ...rows] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  const template = new URL(rows[0][3]);
  const [, , gtin, , runLot] = template.pathname.split("/");
  return {
    gtin,
    lot: runLot,
    path: template.pathname,
    tags: rows.map(([uid, meta, file]) => ({ uid, metaReadKey: Buffer.from(meta, "hex"), fileReadKey: Buffer.from(file, "hex") })),
  };
}

/**
 * The next fresh tap of a run's tags, in turn: tag `n % tags`, counter `n / tags + 1`. Taps of one
 * tag are a whole run of tags apart, so with more tags than connections none arrive together and
 * every one is genuine (its counter above the tag's last).
 */
export function tapSequence(run) {
  let n = 0;
  return {
    next: () => {
      const i = n++;
      return tapOf(run.tags[i % run.tags.length], Math.floor(i / run.tags.length) + 1);
    },
    count: () => n,
  };
}
