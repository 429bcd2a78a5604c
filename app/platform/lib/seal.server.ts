import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * A secret the server must use again (a TOTP secret, a webhook's signing secret), sealed at rest with
 * AES-256-GCM under a 32-byte key the caller derives for that one purpose: `v1.<iv>.<ciphertext>.<tag>`
 * (base64url). A copy of the database alone reveals none of them; a value sealed under another key,
 * or altered, does not open (null).
 */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

export function openText(key: Buffer, sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
