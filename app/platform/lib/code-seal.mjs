// Codes at rest (decision 081): a copy of the database alone reveals no code. Each code is stored as
//   - code_hash: HMAC-SHA-256 of the normalised code (base64url), the unique key every lookup uses;
//   - code_enc:  the normalised code encrypted with AES-256 in counter mode, the counter starting at
//                the first 128 bits of code_hash (a synthetic IV, as in SIV): what admins see and print.
//                Opening it recomputes the HMAC of the result and compares it with code_hash, so a
//                value sealed with another key, or moved to another row, does not open.
// Both keys are derived (HKDF-SHA-256) from one secret that is never in the database: CODES_KEY, or
// a random key generated once into the data folder (codes.key, mode 600). Sealing is deterministic:
// the hash already tells equal codes apart, the ciphertext adds nothing to that.
//
// Plain JavaScript with only node: imports, so the server, the migrations, the seeding and benchmark
// scripts and the test suites all seal and look up codes with this one module. Many codes are sealed
// in one pass (one AES call for all of their key streams), which is what makes a run of 100 000
// codes cheap.
import { createCipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const CODES_KEY_FILE = "codes.key";
const SEAL_VERSION = "1";
const BLOCK = 16;

/** The two keys (and a fingerprint that names them without revealing them) derived from a secret. */
export function codeKeysFrom(secret) {
  const master = Buffer.isBuffer(secret) ? secret : Buffer.from(String(secret), "utf8");
  if (master.length < 32) throw new Error("The codes key must be at least 32 bytes (CODES_KEY: 32+ characters)");
  const derive = (info) => Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), info, 32));
  const fingerprint = createHmac("sha256", derive("lunara/codes/fingerprint/v1")).update("codes key check").digest("base64url").slice(0, 22);
  return { lookup: createSecretKey(derive("lunara/codes/lookup/v1")), seal: derive("lunara/codes/seal/v1"), fingerprint };
}

/** The key file of a data folder: its secret, generated (32 random bytes, base64, mode 600) when missing. */
export function readOrCreateCodesKey(dataDir) {
  const file = join(dataDir, CODES_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process sharing the data folder wrote it first: use theirs.
      if (error?.code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** The keys of a deployment: CODES_KEY when given, else the data folder's key file. */
export function codeKeysFor({ codesKey, dataDir }) {
  return codeKeysFrom(codesKey ? codesKey : readOrCreateCodesKey(dataDir));
}

const mac = (keys, normalized) => createHmac("sha256", keys.lookup).update(normalized, "utf8").digest();

/** The keyed hash a normalised code is found by (43 characters, base64url). */
export function lookupHash(keys, normalized) {
  return mac(keys, normalized).toString("base64url");
}

/**
 * XORs each text with its AES-256-CTR key stream, the counter starting at its IV: every counter block
 * of every text goes through one AES call (ECB over the counter blocks is CTR's key stream).
 */
function ctr(keys, items) {
  const counts = items.map(({ bytes }) => Math.ceil(bytes.length / BLOCK));
  const counters = Buffer.alloc(counts.reduce((sum, n) => sum + n, 0) * BLOCK);
  let at = 0;
  items.forEach(({ iv }, i) => {
    for (let k = 0; k < counts[i]; k++, at += BLOCK) {
      iv.copy(counters, at, 0, BLOCK);
      // Big-endian increment of the 128-bit counter by k.
      let carry = k;
      for (let j = at + BLOCK - 1; j >= at && carry > 0; j--) {
        const sum = counters[j] + (carry & 0xff);
        counters[j] = sum & 0xff;
        carry = (carry >>> 8) + (sum >>> 8);
      }
    }
  });
  const aes = createCipheriv("aes-256-ecb", keys.seal, null);
  aes.setAutoPadding(false);
  const stream = Buffer.concat([aes.update(counters), aes.final()]);
  at = 0;
  return items.map(({ bytes }, i) => {
    const out = Buffer.allocUnsafe(bytes.length);
    for (let j = 0; j < bytes.length; j++) out[j] = bytes[j] ^ stream[at + j];
    at += counts[i] * BLOCK;
    return out;
  });
}

/** The stored columns of many normalised codes, sealed in one pass. */
export function sealCodes(keys, codes) {
  const macs = codes.map((code) => mac(keys, code));
  const sealed = ctr(keys, codes.map((code, i) => ({ iv: macs[i], bytes: Buffer.from(code, "utf8") })));
  return codes.map((_, i) => ({ code_hash: macs[i].toString("base64url"), code_enc: `${SEAL_VERSION}.${sealed[i].toString("base64url")}` }));
}

/** The normalised code sealed for display and print, bound to its hash. */
export function sealCode(keys, normalized, hash) {
  const sealed = sealCodes(keys, [normalized])[0];
  if (sealed.code_hash !== hash) throw new Error("The hash given is not this code's");
  return sealed.code_enc;
}

/** Opens many sealed codes at once; throws when one was sealed with another key or for another hash. */
export function openCodes(keys, rows) {
  const items = rows.map(({ code_enc, code_hash }) => {
    const dot = code_enc.indexOf(".");
    if (dot < 0 || code_enc.slice(0, dot) !== SEAL_VERSION) throw new Error("Unknown sealed-code format");
    return { iv: Buffer.from(code_hash, "base64url"), bytes: Buffer.from(code_enc.slice(dot + 1), "base64url") };
  });
  return ctr(keys, items).map((bytes, i) => {
    const code = bytes.toString("utf8");
    const expected = items[i].iv;
    const actual = mac(keys, code);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new Error("A sealed code does not match its hash (another key, or another row)");
    return code;
  });
}

/** Opens one sealed code. */
export function openCode(keys, sealed, hash) {
  return openCodes(keys, [{ code_enc: sealed, code_hash: hash }])[0];
}

/** Both stored columns of a normalised code. */
export function sealedColumns(keys, normalized) {
  return sealCodes(keys, [normalized])[0];
}
