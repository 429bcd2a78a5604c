import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "./env.server";

let master: Buffer | undefined;

const MIN_SECRET_LENGTH = 32;

/**
 * The server's master secret: JWT_SECRET from the environment, or one generated on first start and
 * kept in the data folder (mode 600, folder 700), never in the repository.
 */
function masterSecret(): Buffer {
  if (master) return master;
  const e = env();
  if (e.JWT_SECRET) {
    master = Buffer.from(e.JWT_SECRET, "utf8");
    return master;
  }
  const file = join(e.DATA_DIR, "secret.key");
  if (!existsSync(file)) {
    mkdirSync(e.DATA_DIR, { recursive: true, mode: 0o700 });
    // Written whole under a temporary name, then linked into place: a process starting at the same
    // moment never reads a half-written file, and only one secret wins.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(temporary, randomBytes(48).toString("base64"), { flag: "wx", mode: 0o600 });
    chmodSync(temporary, 0o600);
    try {
      linkSync(temporary, file);
    } catch (error) {
      // Another process sharing the data folder wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const text = readFileSync(file, "utf8").trim();
  // An empty or truncated file (a failed copy, a restore gone wrong) would sign tokens with a weak key.
  if (text.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} is ${text.length === 0 ? "empty" : `only ${text.length} characters`} (at least ${MIN_SECRET_LENGTH} needed): restore it from your secrets backup, or delete it to generate a new one (every admin is signed out)`,
    );
  }
  master = Buffer.from(text, "utf8");
  return master;
}

/** Creates or checks the secret now (server start-up), so a bad secret file stops the start. */
export function checkServerSecret(): void {
  masterSecret();
}

const derived = new Map<string, Buffer>();

/**
 * A secret derived for one purpose ("jwt", "client-hash", …) so no two uses share a key. Derived once
 * per purpose: the client hash asks for its key on every request.
 */
export function getServerSecret(purpose: string): Buffer {
  let secret = derived.get(purpose);
  if (!secret) {
    secret = createHmac("sha256", masterSecret()).update(purpose).digest();
    derived.set(purpose, secret);
  }
  return secret;
}
