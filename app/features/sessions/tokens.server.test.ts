import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { ACCESS, accessTtlSeconds, REFRESH, signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from "./tokens.server";

const identity = { adminId: "admin-1", username: "someone", familyId: "family-1" };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

afterEach(() => vi.useRealTimers());

describe("admin tokens", () => {
  it("issues an access token that verifies, with exp minutes ahead", async () => {
    // The clock is read on both sides of the signing: a second may tick in between.
    const before = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await signAccessToken(identity);
    const after = Math.floor(Date.now() / 1000);
    const claims = await verifyAccessToken(token);
    expect(claims).toEqual({ ...identity, expiresAt });
    expect(expiresAt).toBeGreaterThanOrEqual(before + accessTtlSeconds());
    expect(expiresAt).toBeLessThanOrEqual(after + accessTtlSeconds());
    expect(accessTtlSeconds()).toBe(900);
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());
    expect(header).toEqual({ alg: "HS256", typ: ACCESS.typ });
  });

  it("issues a refresh token that verifies until its absolute end", async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const token = await signRefreshToken({ tokenId: "rt-1", adminId: "admin-1", familyId: "family-1", expiresAt });
    expect(await verifyRefreshToken(token)).toEqual({ tokenId: "rt-1", adminId: "admin-1", familyId: "family-1", expiresAt });
  });

  it("never takes an access token for a refresh token or the other way round", async () => {
    const { token: access } = await signAccessToken(identity);
    const refresh = await signRefreshToken({ tokenId: "rt-2", adminId: "a", familyId: "f", expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect(await verifyRefreshToken(access)).toBeNull();
    expect(await verifyAccessToken(refresh)).toBeNull();
  });

  it("refuses an expired access token", async () => {
    const { token } = await signAccessToken(identity);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (accessTtlSeconds() + 1) * 1000);
    expect(await verifyAccessToken(token)).toBeNull();
  });

  it("refuses a tampered token", async () => {
    const { token } = await signAccessToken(identity);
    const [header, , signature] = token.split(".");
    const forged = `${header}.${b64({ usr: "intruder", sid: "family-1", iss: "lunara", aud: ACCESS.audience, sub: "admin-2", jti: "x", exp: 9999999999 })}.${signature}`;
    expect(await verifyAccessToken(forged)).toBeNull();
    const flipped = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect(await verifyAccessToken(flipped)).toBeNull();
  });

  it("refuses alg none, other algorithms and other keys", async () => {
    const claims = { usr: "someone", sid: "family-1", iss: "lunara", aud: ACCESS.audience, sub: "admin-1", jti: "j", exp: Math.floor(Date.now() / 1000) + 600 };
    const none = `${b64({ alg: "none", typ: ACCESS.typ })}.${b64(claims)}.`;
    expect(await verifyAccessToken(none)).toBeNull();

    const key = new Uint8Array(getServerSecret("jwt"));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512", typ: ACCESS.typ }).sign(key);
    expect(await verifyAccessToken(hs512)).toBeNull();

    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: ACCESS.typ }).sign(new Uint8Array(32));
    expect(await verifyAccessToken(otherKey)).toBeNull();

    // The same claims signed properly do verify: the refusals above are about the header and key only.
    const good = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: ACCESS.typ }).sign(key);
    expect(await verifyAccessToken(good)).not.toBeNull();
    const untyped = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(key);
    expect(await verifyAccessToken(untyped)).toBeNull();
  });

  it("refuses garbage", async () => {
    for (const value of ["", "abc", "a.b.c", "x".repeat(5000)]) {
      expect(await verifyAccessToken(value)).toBeNull();
      expect(await verifyRefreshToken(value)).toBeNull();
    }
    expect(REFRESH.typ).not.toBe(ACCESS.typ);
  });
});
