import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "./env.server";

let master: Buffer | undefined;

/**
 * The server's master secret: JWT_SECRET from the environment, or one generated on first start and
 * kept in the data folder (mode 600), never in the repository.
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
    mkdirSync(e.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString("base64"), { flag: "wx", mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process sharing the data folder wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  master = Buffer.from(readFileSync(file, "utf8").trim(), "utf8");
  return master;
}

/** A secret derived for one purpose ("jwt", "client-hash", …) so no two uses share a key. */
export function getServerSecret(purpose: string): Buffer {
  return createHmac("sha256", masterSecret()).update(purpose).digest();
}
