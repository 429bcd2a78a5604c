import { SignJWT } from "jose";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { createOrResetAdmin } from "../sign-in/admin-accounts.server";
import { deviceCookieAfterSignIn, deviceToken, readDeviceToken } from "../sign-in/device-cookie.server";
import { adminContext, adminMiddleware, authenticateApi, getAdmin } from "./guard.server";
import { endSession, startSession, type TokenPair } from "./sessions.server";
import { ACCESS } from "./tokens.server";

let admin: { id: string; username: string };

beforeAll(async () => {
  const created = await createOrResetAdmin("guard-admin", "guard-password-long");
  admin = { id: created.id, username: created.username };
});

const page = (cookie?: string) => new Request("http://localhost:3000/admin/dashboard", { headers: cookie ? { Cookie: cookie } : {} });
const cookieOf = (pair: Partial<TokenPair>) =>
  [pair.accessToken ? `__Host-access_token=${pair.accessToken}` : "", pair.refreshToken ? `__Host-refresh_token=${pair.refreshToken}` : ""]
    .filter(Boolean)
    .join("; ");

async function run(request: Request) {
  const context = new RouterContextProvider();
  let reached = false;
  try {
    const response = await adminMiddleware({ request, context, params: {} } as never, async () => {
      reached = true;
      return new Response("admin page", { headers: { "Cache-Control": "public, max-age=60" } });
    });
    return { response: response as Response, context, reached };
  } catch (thrown) {
    return { response: thrown as Response, context, reached };
  }
}

function setCookies(response: Response) {
  return response.headers.getSetCookie();
}

describe("adminMiddleware", () => {
  it("signed out: redirects to /admin, replacing history, and clears both cookies", async () => {
    const { response, reached } = await run(page());
    expect(reached).toBe(false);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(response.headers.get("X-Remix-Replace")).toBe("true");
    const cookies = setCookies(response);
    expect(cookies.some((c) => c.startsWith("__Host-access_token=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__Host-refresh_token=;") && c.includes("Max-Age=0"))).toBe(true);
  });

  it("cookies are __Host- prefixed (Secure, Path=/, no Domain); the names before it sign the member out once and are deleted", async () => {
    const pair = await startSession(admin);
    const legacy = await run(page(`access_token=${pair.accessToken}; refresh_token=${pair.refreshToken}`));
    expect(legacy.reached).toBe(false);
    expect(legacy.response.status).toBe(302);
    const cleared = setCookies(legacy.response);
    for (const name of ["__Host-access_token", "__Host-refresh_token", "access_token", "refresh_token"]) {
      expect(cleared.some((c) => c.startsWith(`${name}=;`) && c.includes("Max-Age=0") && c.includes("Path=/"))).toBe(true);
    }
    // Signed in again, the new cookies carry the prefix and what it requires.
    const refreshed = setCookies((await run(page(cookieOf({ refreshToken: (await startSession(admin)).refreshToken })))).response);
    expect(refreshed.length).toBe(2);
    for (const cookie of refreshed) {
      expect(cookie).toMatch(/^__Host-(access|refresh)_token=/);
      expect(cookie).toContain("; Secure");
      expect(cookie).toContain("; Path=/;");
      expect(cookie).not.toMatch(/Domain=/i);
    }
    // The device cookie: the old name is still read (the browser stays trusted) and moved at the next sign-in.
    const token = deviceToken(admin.username);
    const old = new Request("http://localhost:3000/admin", { headers: { Cookie: `admin_device=${token}` } });
    expect(readDeviceToken(old)).toBe(token);
    const moved = deviceCookieAfterSignIn(old, admin.username);
    expect(moved).toHaveLength(2);
    expect(moved[0]).toMatch(/^__Host-admin_device=v1\.[^;]+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(moved[1]).toMatch(/^admin_device=; Max-Age=0; /);
    const current = new Request("http://localhost:3000/admin", { headers: { Cookie: `__Host-admin_device=${token}` } });
    expect(deviceCookieAfterSignIn(current, admin.username)).toEqual([]);
  });

  it("signed in: sets the admin, and marks the page no-store and noindex", async () => {
    const pair = await startSession(admin);
    const { response, context, reached } = await run(page(cookieOf(pair)));
    expect(reached).toBe(true);
    expect(response.status).toBe(200);
    expect(context.get(adminContext)).toMatchObject(admin);
    expect(getAdmin(context)).toMatchObject({ ...admin, role: "owner" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(setCookies(response)).toEqual([]);
  });

  it("expired or missing access token with a live refresh token: refreshes transparently", async () => {
    const pair = await startSession(admin);
    const { response, reached } = await run(page(cookieOf({ refreshToken: pair.refreshToken })));
    expect(reached).toBe(true);
    const cookies = setCookies(response);
    const access = cookies.find((c) => c.startsWith("__Host-access_token="))!;
    const refresh = cookies.find((c) => c.startsWith("__Host-refresh_token="))!;
    expect(access).toMatch(/^__Host-access_token=ey[^;]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(refresh).toMatch(/^__Host-refresh_token=ey[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(refresh).not.toContain(pair.refreshToken);
  });

  it("a failed refresh (logged out elsewhere) clears both cookies and redirects", async () => {
    const pair = await startSession(admin);
    await endSession({ refreshToken: pair.refreshToken });
    const { response, reached } = await run(page(cookieOf(pair)));
    expect(reached).toBe(false);
    // Back to this page after signing in again, told the session ended (decision 124).
    expect(response.headers.get("Location")).toBe("/admin?next=%2Fadmin%2Fdashboard&expired=page");
    // Both cookies, and both under their names before the __Host- prefix.
    expect(setCookies(response).filter((c) => c.includes("Max-Age=0")).map((c) => c.split("=")[0]).sort()).toEqual(["__Host-access_token", "__Host-refresh_token", "access_token", "refresh_token"]);
  });

  it("a change sent after the session ended says it was not saved, and leads back to its page", async () => {
    const pair = await startSession(admin);
    await endSession({ refreshToken: pair.refreshToken });
    const request = new Request("http://localhost:3000/admin/dashboard/codes.data?status=expired&index", {
      method: "POST",
      headers: { Cookie: cookieOf(pair), "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=expire&id=x",
    });
    const { response, reached } = await run(request);
    expect(reached).toBe(false);
    expect(response.headers.get("Location")).toBe("/admin?next=%2Fadmin%2Fdashboard%2Fcodes%3Fstatus%3Dexpired&expired=unsaved");
  });

  it("a tampered access token and no refresh token: redirects", async () => {
    const pair = await startSession(admin);
    const { response, reached } = await run(page(`__Host-access_token=${pair.accessToken.slice(0, -3)}abc`));
    expect(reached).toBe(false);
    expect(response.status).toBe(302);
  });

  it("getAdmin outside the guard redirects to /admin", () => {
    expect(() => getAdmin(new RouterContextProvider())).toThrow();
  });
});

describe("authenticateApi", () => {
  const api = (authorization?: string) =>
    new Request("http://localhost:3000/api/v1/codes/list/", { headers: authorization ? { Authorization: authorization } : {} });

  async function statusOf(promise: Promise<unknown>) {
    try {
      await promise;
      return 200;
    } catch (thrown) {
      const response = thrown as Response;
      const body = await response.json();
      expect(body).toMatchObject({ status_code: 6001, data: null });
      expect(typeof body.message).toBe("string");
      return response.status;
    }
  }

  it("accepts a valid bearer access token", async () => {
    const pair = await startSession(admin);
    expect(await authenticateApi(api(`Bearer ${pair.accessToken}`))).toMatchObject(admin);
  });

  it("answers 401 with the envelope for missing, malformed, refresh, revoked, tampered, alg none and expired tokens", async () => {
    const pair = await startSession(admin);
    const key = new Uint8Array(getServerSecret("jwt"));
    const now = Math.floor(Date.now() / 1000);
    const claims = { usr: admin.username, sid: "x", iss: "lunara", aud: ACCESS.audience, sub: admin.id, jti: "j" };
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const none = `${b64({ alg: "none", typ: ACCESS.typ })}.${b64({ ...claims, exp: now + 600 })}.`;
    const expired = await new SignJWT({ ...claims, exp: now - 5 }).setProtectedHeader({ alg: "HS256", typ: ACCESS.typ }).sign(key);
    const revoked = await startSession(admin);
    await endSession({ refreshToken: revoked.refreshToken });

    expect(await statusOf(authenticateApi(api()))).toBe(401);
    expect(await statusOf(authenticateApi(api("Basic abc")))).toBe(401);
    expect(await statusOf(authenticateApi(api(`Bearer ${pair.refreshToken}`)))).toBe(401);
    expect(await statusOf(authenticateApi(api(`Bearer ${pair.accessToken}x`)))).toBe(401);
    expect(await statusOf(authenticateApi(api(`Bearer ${none}`)))).toBe(401);
    expect(await statusOf(authenticateApi(api(`Bearer ${expired}`)))).toBe(401);
    expect(await statusOf(authenticateApi(api(`Bearer ${revoked.accessToken}`)))).toBe(401);
    // And the valid one still passes, so the refusals are about the tokens.
    expect(await statusOf(authenticateApi(api(`Bearer ${pair.accessToken}`)))).toBe(200);
  });
});

describe("a member with a step pending", () => {
  it("is sent to their account page from every other admin page, and may use that one", async () => {
    const { getDb } = await import("@db/db.server");
    const created = await createOrResetAdmin("pending-admin", "guard-password-long");
    const db = await getDb();
    await db.updateTable("admins").set({ must_change_password: 1 }).where("id", "=", created.id).execute();
    const pair = await startSession(created);
    const away = await run(page(cookieOf(pair)));
    expect(away.reached).toBe(false);
    expect(away.response.status).toBe(302);
    expect(away.response.headers.get("Location")).toBe("/admin/dashboard/account");
    const account = await run(new Request("http://localhost:3000/admin/dashboard/account", { headers: { Cookie: cookieOf(pair) } }));
    expect(account.reached).toBe(true);
    expect(getAdmin(account.context)).toMatchObject({ mustChangePassword: true });
  });
});
