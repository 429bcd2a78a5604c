import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "../sign-in/admin-accounts.server";
import { authenticateAccessToken, endSession, refreshSession, REUSE_GRACE_MS, startSession } from "./sessions.server";
import { verifyRefreshToken } from "./tokens.server";

let admin: { id: string; username: string };

beforeAll(async () => {
  const created = await createOrResetAdmin("session-admin", "a-long-enough-password");
  admin = { id: created.id, username: created.username };
});

const later = (ms: number, from = new Date()) => new Date(from.getTime() + ms);

async function rowsOf(familyId: string) {
  const db = await getDb();
  return db.selectFrom("refresh_tokens").selectAll().where("family_id", "=", familyId).orderBy("created_at").execute();
}

describe("sessions", () => {
  it("starts a session whose access token authenticates and whose refresh token lasts 30 days", async () => {
    const now = new Date();
    const pair = await startSession(admin, { now });
    expect(await authenticateAccessToken(pair.accessToken)).toMatchObject({ ...admin, role: "owner", mfaEnabled: false, mustChangePassword: false });
    const claims = await verifyRefreshToken(pair.refreshToken);
    expect(claims).not.toBeNull();
    const days = (pair.refreshExpiresAt.getTime() - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
    const rows = await rowsOf(claims!.familyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(claims!.tokenId);
  });

  it("rotates: a refresh answers a new token of the same family and uses the old one up", async () => {
    const pair = await startSession(admin);
    const first = (await verifyRefreshToken(pair.refreshToken))!;
    const outcome = await refreshSession(pair.refreshToken);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const second = (await verifyRefreshToken(outcome.value.tokens.refreshToken!))!;
    expect(second.tokenId).not.toBe(first.tokenId);
    expect(second.familyId).toBe(first.familyId);
    // Absolute lifetime: rotation does not extend the session.
    expect(second.expiresAt).toBe(first.expiresAt);
    expect(await authenticateAccessToken(outcome.value.tokens.accessToken)).toMatchObject(admin);
    const rows = await rowsOf(first.familyId);
    expect(rows.find((r) => r.id === first.tokenId)).toMatchObject({ replaced_by: second.tokenId, revoked_at: null });
    expect(rows.find((r) => r.id === first.tokenId)!.rotated_at).not.toBeNull();
    // The successor rotates in turn.
    const third = await refreshSession(outcome.value.tokens.refreshToken!);
    expect(third.ok).toBe(true);
  });

  it("within the grace window, the same client's retry gets a new access token only, never a second live refresh token", async () => {
    const now = new Date();
    const pair = await startSession(admin, { now });
    const rotated = await refreshSession(pair.refreshToken, { clientHash: "client-a", now: later(100, now) });
    expect(rotated.ok).toBe(true);
    const retry = await refreshSession(pair.refreshToken, { clientHash: "client-a", now: later(REUSE_GRACE_MS - 1000, now) });
    expect(retry.ok).toBe(true);
    if (!rotated.ok || !retry.ok) return;
    expect(retry.value.tokens.refreshToken).toBeNull();
    expect(await authenticateAccessToken(retry.value.tokens.accessToken)).toMatchObject(admin);
    const a = (await verifyRefreshToken(rotated.value.tokens.refreshToken!))!;
    expect((await rowsOf(a.familyId)).filter((r) => r.revoked_at)).toHaveLength(0);
    // Nothing new was minted: still two rows, and the one live refresh token is the rotation's.
    const rows = await rowsOf(a.familyId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.rotated_at === null).map((r) => r.id)).toEqual([a.tokenId]);
  });

  it("within the grace window, the rotated token presented by another client ends the whole family", async () => {
    const now = new Date();
    const pair = await startSession(admin, { now });
    const rotated = await refreshSession(pair.refreshToken, { clientHash: "client-a", now: later(100, now) });
    expect(rotated.ok).toBe(true);
    if (!rotated.ok) return;
    const stolen = await refreshSession(pair.refreshToken, { clientHash: "client-b", now: later(2000, now) });
    expect(stolen).toEqual({ ok: false, error: "reused" });
    const family = (await verifyRefreshToken(pair.refreshToken))!.familyId;
    expect((await rowsOf(family)).every((r) => r.revoked_at !== null)).toBe(true);
    expect(await authenticateAccessToken(rotated.value.tokens.accessToken)).toBeNull();
  });

  it("after the grace window, reusing a rotated token revokes the whole family", async () => {
    const now = new Date();
    const pair = await startSession(admin, { now });
    const rotated = await refreshSession(pair.refreshToken, { now });
    expect(rotated.ok).toBe(true);
    if (!rotated.ok) return;
    const reuse = await refreshSession(pair.refreshToken, { now: later(REUSE_GRACE_MS + 1000, now) });
    expect(reuse).toEqual({ ok: false, error: "reused" });
    const family = (await verifyRefreshToken(pair.refreshToken))!.familyId;
    expect((await rowsOf(family)).every((r) => r.revoked_at !== null)).toBe(true);
    // The legitimate successor and its access token die with the family.
    expect((await refreshSession(rotated.value.tokens.refreshToken!)).ok).toBe(false);
    expect(await authenticateAccessToken(rotated.value.tokens.accessToken)).toBeNull();
    expect(await authenticateAccessToken(pair.accessToken)).toBeNull();
  });

  it("logout revokes on the server: refresh and access tokens stop working", async () => {
    const pair = await startSession(admin);
    const other = await startSession(admin);
    expect(await endSession({ refreshToken: pair.refreshToken })).toMatchObject({ id: admin.id, username: admin.username });
    expect(await refreshSession(pair.refreshToken)).toEqual({ ok: false, error: "revoked" });
    expect(await authenticateAccessToken(pair.accessToken)).toBeNull();
    // Another session of the same admin (another device) is untouched.
    expect(await authenticateAccessToken(other.accessToken)).toMatchObject(admin);
    // Logging out twice is harmless.
    expect(await endSession({ refreshToken: pair.refreshToken })).not.toBeNull();
  });

  it("logout with only the access token also ends the session", async () => {
    const pair = await startSession(admin);
    expect(await endSession({ accessToken: pair.accessToken })).not.toBeNull();
    expect((await refreshSession(pair.refreshToken)).ok).toBe(false);
    expect(await endSession({ refreshToken: "garbage", accessToken: null })).toBeNull();
  });

  it("a session ends 30 days after the login, however often it was refreshed", async () => {
    const now = new Date();
    const pair = await startSession(admin, { now });
    const end = later(30 * 86_400_000 + 1000, now);
    const outcome = await refreshSession(pair.refreshToken, { now: end });
    // The JWT itself has expired too, so it does not even verify.
    expect(outcome.ok).toBe(false);
    expect(await authenticateAccessToken(pair.accessToken, end)).toBeNull();
  });

  it("refuses a refresh token whose row does not exist (forged jti) and garbage", async () => {
    expect(await refreshSession("not.a.token")).toEqual({ ok: false, error: "invalid" });
    const db = await getDb();
    const pair = await startSession(admin);
    const claims = (await verifyRefreshToken(pair.refreshToken))!;
    await db.deleteFrom("refresh_tokens").where("id", "=", claims.tokenId).execute();
    expect(await refreshSession(pair.refreshToken)).toEqual({ ok: false, error: "invalid" });
  });

  it("resetting an admin's password ends that admin's sessions", async () => {
    const pair = await startSession(admin);
    await createOrResetAdmin("session-admin", "another-long-password");
    expect(await authenticateAccessToken(pair.accessToken)).toBeNull();
    expect((await refreshSession(pair.refreshToken)).ok).toBe(false);
  });

  it("a disabled member's sessions stop at once, also before they are revoked", async () => {
    const created = await createOrResetAdmin("disabled-admin", "a-long-enough-password");
    const pair = await startSession(created);
    const db = await getDb();
    await db.updateTable("admins").set({ disabled_at: new Date().toISOString() }).where("id", "=", created.id).execute();
    expect(await authenticateAccessToken(pair.accessToken)).toBeNull();
    expect(await refreshSession(pair.refreshToken)).toEqual({ ok: false, error: "revoked" });
  });
});
