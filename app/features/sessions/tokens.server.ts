import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { env } from "~/platform/lib/env.server";
import { getServerSecret } from "~/platform/lib/secrets.server";

/**
 * Admin tokens: JWTs signed HS256 with a secret derived for this purpose. Access and refresh
 * tokens differ in their `typ` header and audience, so one can never stand in for the other.
 */
const ISSUER = "lunara";
const ALGORITHMS = ["HS256"] as const;

export const ACCESS = { typ: "at+jwt", audience: "lunara:admin-access" } as const;
export const REFRESH = { typ: "rt+jwt", audience: "lunara:admin-refresh" } as const;

/** Refresh tokens (and so a whole sign-in) live 30 days from the login, however often they rotate. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Access-token lifetime: minutes (15 by default; ACCESS_TOKEN_TTL_SECONDS overrides it). */
export function accessTtlSeconds(): number {
  return env().ACCESS_TOKEN_TTL_SECONDS;
}

export type AccessClaims = { adminId: string; username: string; familyId: string; expiresAt: number };
export type RefreshClaims = { tokenId: string; adminId: string; familyId: string; expiresAt: number };

const key = () => new Uint8Array(getServerSecret("jwt"));
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function signAccessToken(input: { adminId: string; username: string; familyId: string }) {
  const expiresAt = nowSeconds() + accessTtlSeconds();
  const token = await new SignJWT({ usr: input.username, sid: input.familyId })
    .setProtectedHeader({ alg: "HS256", typ: ACCESS.typ })
    .setIssuer(ISSUER)
    .setAudience(ACCESS.audience)
    .setSubject(input.adminId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key());
  return { token, expiresAt };
}

/** A refresh token for the row `tokenId` of `familyId`, valid until `expiresAt` (epoch seconds). */
export async function signRefreshToken(input: { tokenId: string; adminId: string; familyId: string; expiresAt: number }) {
  return new SignJWT({ sid: input.familyId })
    .setProtectedHeader({ alg: "HS256", typ: REFRESH.typ })
    .setIssuer(ISSUER)
    .setAudience(REFRESH.audience)
    .setSubject(input.adminId)
    .setJti(input.tokenId)
    .setIssuedAt()
    .setExpirationTime(input.expiresAt)
    .sign(key());
}

const verifyOptions = (kind: typeof ACCESS | typeof REFRESH) => ({
  algorithms: [...ALGORITHMS],
  issuer: ISSUER,
  audience: kind.audience,
  typ: kind.typ,
  requiredClaims: ["exp", "sub", "jti", "sid"],
});

async function verify(token: string, kind: typeof ACCESS | typeof REFRESH): Promise<JWTPayload | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, key(), verifyOptions(kind));
    return payload;
  } catch (error) {
    // Expired, tampered, wrong type, `alg: none` or not a JWT at all: the same "no".
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * Why a bearer token that did not authenticate is not one of ours: `alg_not_allowed` (`alg: none`,
 * another algorithm), `bad_signature`, `wrong_claims` (another audience or type: a refresh token,
 * say) or `malformed`; null when it is ours and merely expired or revoked (an ordinary client, which
 * refreshes). What the audit trail records about a refused API call (decision 150).
 */
export async function accessTokenFlaw(token: string): Promise<"alg_not_allowed" | "bad_signature" | "wrong_claims" | "malformed" | null> {
  if (!token || token.length > 4096) return "malformed";
  try {
    await jwtVerify(token, key(), verifyOptions(ACCESS));
    return null;
  } catch (error) {
    if (error instanceof errors.JWTExpired) return null;
    if (error instanceof errors.JOSEAlgNotAllowed) return "alg_not_allowed";
    if (error instanceof errors.JWSSignatureVerificationFailed) return "bad_signature";
    if (error instanceof errors.JWTClaimValidationFailed) return "wrong_claims";
    return "malformed";
  }
}

/** The claims of a valid, unexpired access token, or null. Says nothing about revocation. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const payload = await verify(token, ACCESS);
  if (!payload || typeof payload.usr !== "string" || typeof payload.sid !== "string") return null;
  return { adminId: payload.sub!, username: payload.usr, familyId: payload.sid, expiresAt: payload.exp! };
}

/** The claims of a valid, unexpired refresh token, or null. Says nothing about rotation or revocation. */
export async function verifyRefreshToken(token: string): Promise<RefreshClaims | null> {
  const payload = await verify(token, REFRESH);
  if (!payload || typeof payload.sid !== "string") return null;
  return { tokenId: payload.jti!, adminId: payload.sub!, familyId: payload.sid, expiresAt: payload.exp! };
}
