import type { CodeStatus } from "@db/schema";

/**
 * A two-part pack's state (issue 27), the one place it is decided: its public page, the API and the
 * admin's screens all read it from here. Pure. `sealed`: genuine, not yet redeemed; `verified`: its
 * PIN was redeemed; `revoked`: its run revoked, or the pack withdrawn.
 */
export type PackState = "sealed" | "verified" | "revoked";

/**
 * A pack's state from its row: verified once its PIN was redeemed (a run revoked later does not undo a
 * genuine purchase); sealed while active in an active run; otherwise revoked.
 */
export function packStateOf(row: { status: CodeStatus; verified_at: string | null }, runActive = true): PackState {
  if (row.verified_at) return "verified";
  return row.status === "active" && runActive ? "sealed" : "revoked";
}

/** A two-part run's counts by pack state, from its code counts (an expired pack is a withdrawn one). */
export function packCountsOf(counts: { active: number; used: number; expired: number; revoked: number }): Record<PackState, number> {
  return { sealed: counts.active, verified: counts.used, revoked: counts.expired + counts.revoked };
}
