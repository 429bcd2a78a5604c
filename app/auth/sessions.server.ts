import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { lockForUpdate } from "@db/portable";
import { fail, ok, type Result } from "~/lib/result";
import type { RefreshError } from "./errors";
import type { AdminIdentity } from "./identity";
import {
  accessTtlSeconds,
  REFRESH_TTL_SECONDS,
  signAccessToken,
  signRefreshToken,
  verifyAccessToken,
  verifyRefreshToken,
} from "./tokens.server";

/**
 * Sign-in sessions. A login starts a refresh-token *family* (one row per refresh token in
 * `refresh_tokens`, all sharing `family_id`) that lives 30 days from the login. Each refresh rotates:
 * the presented token is marked rotated and a new one of the same family is issued. Presenting a token
 * that was already rotated means it leaked (or a client lost an answer): after the grace window the
 * whole family is revoked; within it the family's current token is answered again, so a retried refresh
 * does not sign the admin out. Access tokens carry the family id, so logout and reuse detection end
 * them too, not only their refresh tokens.
 */

/** A refresh presented again this soon after its rotation counts as a lost answer, not as theft. */
export const REUSE_GRACE_MS = 10_000;

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** When the refresh token (and so the session) ends. */
  refreshExpiresAt: Date;
};

export type RefreshOutcome = Result<{ tokens: TokenPair; admin: AdminIdentity }, RefreshError>;

const iso = (date: Date) => date.toISOString();

async function issuePair(admin: AdminIdentity, familyId: string, refreshId: string, refreshExpiresAt: Date): Promise<TokenPair> {
  const access = await signAccessToken({ adminId: admin.id, username: admin.username, familyId });
  const refreshToken = await signRefreshToken({
    tokenId: refreshId,
    adminId: admin.id,
    familyId,
    expiresAt: Math.floor(refreshExpiresAt.getTime() / 1000),
  });
  return { accessToken: access.token, refreshToken, expiresIn: accessTtlSeconds(), refreshExpiresAt };
}

/** Starts a new session (token family) for an admin whose password was just checked. */
export async function startSession(admin: AdminIdentity, now = new Date()): Promise<TokenPair> {
  const db = await getDb();
  const familyId = randomUUID();
  const tokenId = randomUUID();
  // Whole seconds, so the JWT's exp and the row agree exactly.
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + REFRESH_TTL_SECONDS * 1000);
  // Housekeeping: sessions that ended on their own are of no further use.
  await db.deleteFrom("refresh_tokens").where("expires_at", "<", iso(now)).execute();
  await db
    .insertInto("refresh_tokens")
    .values({
      id: tokenId,
      family_id: familyId,
      admin_id: admin.id,
      created_at: iso(now),
      expires_at: iso(expiresAt),
      rotated_at: null,
      replaced_by: null,
      revoked_at: null,
    })
    .execute();
  return issuePair(admin, familyId, tokenId, expiresAt);
}

/** Revokes every token of a family (logout, or a reused refresh token). */
export async function revokeFamily(familyId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: iso(now) })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Exchanges a refresh token for a new pair (rotation), with reuse detection. */
export async function refreshSession(refreshToken: string, now = new Date()): Promise<RefreshOutcome> {
  const claims = await verifyRefreshToken(refreshToken);
  if (!claims) return fail("invalid");
  const db = await getDb();

  return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const row = await trx
      .selectFrom("refresh_tokens")
      .innerJoin("admins", "admins.id", "refresh_tokens.admin_id")
      .select([
        "refresh_tokens.id",
        "refresh_tokens.family_id",
        "refresh_tokens.expires_at",
        "refresh_tokens.rotated_at",
        "refresh_tokens.revoked_at",
        "admins.id as admin_id",
        "admins.username",
      ])
      .where("refresh_tokens.id", "=", claims.tokenId)
      // Two instances refreshing the same token at once take turns, as two requests in one process do.
      .$call(lockForUpdate(trx, "refresh_tokens"))
      .executeTakeFirst();
    if (!row || row.admin_id !== claims.adminId || row.family_id !== claims.familyId) {
      return fail("invalid");
    }
    if (row.revoked_at) return fail("revoked");
    const expiresAt = new Date(row.expires_at);
    if (expiresAt <= now) return fail("expired");
    const admin: AdminIdentity = { id: row.admin_id, username: row.username };

    if (row.rotated_at) {
      const sinceRotation = now.getTime() - new Date(row.rotated_at).getTime();
      if (sinceRotation > REUSE_GRACE_MS) {
        await trx
          .updateTable("refresh_tokens")
          .set({ revoked_at: iso(now) })
          .where("family_id", "=", row.family_id)
          .where("revoked_at", "is", null)
          .execute();
        return fail("reused");
      }
      // A retry of a refresh whose answer was lost: answer the family's current token again
      // (same jti, so nothing new is minted) with a fresh access token.
      const current = await trx
        .selectFrom("refresh_tokens")
        .select(["id", "expires_at"])
        .where("family_id", "=", row.family_id)
        .where("rotated_at", "is", null)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!current) return fail("revoked");
      return ok({ admin, tokens: await issuePair(admin, row.family_id, current.id, new Date(current.expires_at)) });
    }

    const nextId = randomUUID();
    const rotated = await trx
      .updateTable("refresh_tokens")
      .set({ rotated_at: iso(now), replaced_by: nextId })
      .where("id", "=", row.id)
      .where("rotated_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(rotated.numUpdatedRows) !== 1) return fail("revoked");
    await trx
      .insertInto("refresh_tokens")
      .values({
        id: nextId,
        family_id: row.family_id,
        admin_id: row.admin_id,
        created_at: iso(now),
        // Absolute: the successor ends when the login's session ends.
        expires_at: row.expires_at,
        rotated_at: null,
        replaced_by: null,
        revoked_at: null,
      })
      .execute();
    return ok({ admin, tokens: await issuePair(admin, row.family_id, nextId, expiresAt) });
  });
}

/**
 * The admin of a valid access token whose session is still live (not logged out, not revoked for
 * reuse, not past its 30 days, admin still exists), or null.
 */
export async function authenticateAccessToken(accessToken: string, now = new Date()): Promise<AdminIdentity | null> {
  const claims = await verifyAccessToken(accessToken);
  if (!claims) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("refresh_tokens")
    .innerJoin("admins", "admins.id", "refresh_tokens.admin_id")
    .select(["admins.id", "admins.username"])
    .where("refresh_tokens.family_id", "=", claims.familyId)
    .where("refresh_tokens.admin_id", "=", claims.adminId)
    .where("refresh_tokens.revoked_at", "is", null)
    .where("refresh_tokens.expires_at", ">", iso(now))
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username } : null;
}

/**
 * Ends a session on the server. Either token identifies it: the refresh token (API logout, or the
 * cookie) or, when that is missing, the access token. Returns false when neither names a session.
 */
export async function endSession(tokens: { refreshToken?: string | null; accessToken?: string | null }, now = new Date()) {
  const refresh = tokens.refreshToken ? await verifyRefreshToken(tokens.refreshToken) : null;
  const access = !refresh && tokens.accessToken ? await verifyAccessToken(tokens.accessToken) : null;
  const familyId = refresh?.familyId ?? access?.familyId;
  if (!familyId) return false;
  await revokeFamily(familyId, now);
  return true;
}
