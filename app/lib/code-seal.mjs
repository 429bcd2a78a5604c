// Codes at rest (decision 081): a copy of the database alone reveals no code. Each code is stored as
//   - code_hash: HMAC-SHA-256 of the normalised code (base64url), the unique key every lookup uses;
//   - code_enc:  AES-256-GCM of the normalised code (random 96-bit nonce, the hash as associated
//                data, so a sealed value moved to another row does not open), what admins see and print.
// Both keys are derived (HKDF-SHA-256) from one secret that is never in the database: CODES_KEY, or
// a random key generated once into the data folder (codes.key, mode 600).
//
// Plain JavaScript with only node: imports, so the server, the migrations, the seeding and benchmark
// scripts and the test suites all seal and look up codes with this one module.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const CODES_KEY_FILE = "codes.key";
const SEAL_VERSION = "1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The two keys (and a fingerprint that names them without revealing them) derived from a secret. */
export function codeKeysFrom(secret) {
  const master = Buffer.isBuffer(secret) ? secret : Buffer.from(String(secret), "utf8");
  if (master.length < 32) throw new Error("The codes key must be at least 32 bytes (CODES_KEY: 32+ characters)");
  const derive = (info) => Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), info, 32));
  const lookup = derive("lunara/codes/lookup/v1");
  const seal = derive("lunara/codes/seal/v1");
  const fingerprint = createHmac("sha256", derive("lunara/codes/fingerprint/v1")).update("codes key check").digest("base64url").slice(0, 22);
  return { lookup, seal, fingerprint };
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

/** The keyed hash a normalised code is found by (43 characters, base64url). */
export function lookupHash(keys, normalized) {
  return createHmac("sha256", keys.lookup).update(normalized, "utf8").digest("base64url");
}

/** The normalised code sealed for display and print, bound to its hash. */
export function sealCode(keys, normalized, hash) {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys.seal, nonce);
  cipher.setAAD(Buffer.from(hash, "utf8"));
  const body = Buffer.concat([cipher.update(normalized, "utf8"), cipher.final()]);
  return `${SEAL_VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Opens a sealed code; throws when it was sealed with another key or for another hash. */
export function openCode(keys, sealed, hash) {
  const dot = sealed.indexOf(".");
  if (dot < 0 || sealed.slice(0, dot) !== SEAL_VERSION) throw new Error("Unknown sealed-code format");
  const raw = Buffer.from(sealed.slice(dot + 1), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keys.seal, raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(hash, "utf8"));
  decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** Both stored columns of a normalised code. */
export function sealedColumns(keys, normalized) {
  const code_hash = lookupHash(keys, normalized);
  return { code_hash, code_enc: sealCode(keys, normalized, code_hash) };
}
