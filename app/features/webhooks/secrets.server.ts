import { createHmac, randomBytes } from "node:crypto";
import type { WebhookEndpoint } from "@db/schema";
import { codeKeys } from "~/platform/lib/codes-key.server";
import { openText, sealText } from "~/platform/lib/seal.server";

/**
 * An endpoint's signing secret (decision 160): `whsec_` and 32 random bytes (base64url), answered
 * once when made or rotated, kept sealed (AES-256-GCM) because every delivery is signed with it
 * again. The key is derived from the codes key (CODES_KEY or DATA_DIR/codes.key), the secret a
 * deployment keeps and backs up for good, not from the server secret, whose rotation signs everyone
 * out but must not silently break every receiver.
 */
export const SECRET_PREFIX = "whsec_";
/** After a rotation, the previous secret keeps signing (a second `v1`) this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

let key: Buffer | undefined;
const sealKey = () => (key ??= createHmac("sha256", codeKeys().seal).update("lunara/webhooks/secret/v1").digest());

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;

export const sealWebhookSecret = (secret: string) => sealText(sealKey(), secret);

/**
 * The secrets that sign a delivery now: the current one first, then the previous one while its
 * overlap lasts. Empty when the current one does not open (sealed under another codes key).
 */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, "secret_enc" | "previous_secret_enc" | "previous_secret_until">, now: Date): string[] {
  const current = openText(sealKey(), endpoint.secret_enc);
  if (current === null) return [];
  const overlapping = endpoint.previous_secret_enc && endpoint.previous_secret_until && endpoint.previous_secret_until > now.toISOString();
  const previous = overlapping ? openText(sealKey(), endpoint.previous_secret_enc!) : null;
  return previous ? [current, previous] : [current];
}
