import { clientHash } from "~/platform/http/client.server";
import { createLimiter } from "~/platform/http/rate-limit.server";
import { onEdgeRefusal } from "~/platform/http/refusals.server";
import { scrub } from "~/platform/lib/log.server";
import { recordAudit, type AuditInput } from "./audit.server";

/**
 * Refusals in the audit trail (decision 150): a cross-site write, an API call with a forged or broken
 * bearer token, a team change the rules refuse. Anyone can cause them as fast as they can send
 * requests, so each client gets at most REFUSALS_PER_MINUTE entries a minute (counted in the shared
 * store, whichever process answers); the first one over the limit is recorded as
 * `audit.refusals_limited`, the rest of that minute are not recorded at all, so a flood cannot fill
 * the disk.
 */
export const REFUSALS_PER_MINUTE = 20;
const limiter = createLimiter("audit-refusals", () => REFUSALS_PER_MINUTE, 60);

type Refusal = Omit<AuditInput, "outcome" | "at"> & { clientHash: string };

/** Records a refusal, within the client's budget. True when the entry was written. */
export async function recordRefusal(input: Refusal): Promise<boolean> {
  let limit;
  try {
    limit = await limiter.consume(input.clientHash);
  } catch (error) {
    console.error("The refusal budget could not be read:", error);
    return false;
  }
  if (limit.allowed) {
    await recordAudit({ ...input, outcome: "refused" });
    return true;
  }
  if (limit.consumed === REFUSALS_PER_MINUTE + 1) {
    await recordAudit({
      action: "audit.refusals_limited",
      actor: null,
      clientHash: input.clientHash,
      outcome: "refused",
      detail: { per_minute: REFUSALS_PER_MINUTE, after: input.action, retry_after_s: limit.retryAfterSeconds },
    });
  }
  return false;
}

/** The HTTP layer's own refusals (cross-site writes) go to the trail: registered at start-up. */
export function listenToEdgeRefusals(): void {
  onEdgeRefusal((request, refusal) =>
    recordRefusal({
      action: "request.refused",
      actor: null,
      target: `${refusal.path.startsWith("/api/") ? "api" : "page"}:${scrub(refusal.path)}`,
      clientHash: clientHash(request),
      detail: { reason: refusal.reason, method: refusal.method },
    }),
  );
}
