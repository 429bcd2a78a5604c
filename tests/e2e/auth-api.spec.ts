import { expect, test } from "./fixtures";
import { E2E_ACCESS_TTL_SECONDS, E2E_ADMIN } from "./auth-helpers";

const LOGIN = "/api/v1/users/login/";
const REFRESH = "/api/v1/users/token/refresh/";
const LOGOUT = "/api/v1/users/logout/";

test.describe("auth API", () => {
  test.beforeEach(({ jsEnabled }) => {
    test.skip(!jsEnabled, "the JSON API does not depend on the browser: run it once");
  });

  test("login answers a bearer token pair in the envelope", async ({ request }) => {
    const response = await request.post(LOGIN, { data: E2E_ADMIN });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status_code: 6000, message: "Login successful", error: null });
    expect(body.data).toMatchObject({ token_type: "Bearer", expires_in: E2E_ACCESS_TTL_SECONDS, user: { username: E2E_ADMIN.username } });
    expect(body.data.access_token).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.refresh_token).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    const payload = JSON.parse(Buffer.from(body.data.access_token.split(".")[1], "base64url").toString());
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(E2E_ACCESS_TTL_SECONDS);
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  test("wrong password and unknown user: the same 401; short input: 400 with field errors", async ({ request }) => {
    const wrong = await request.post(LOGIN, { data: { username: E2E_ADMIN.username, password: "wrong-password" } });
    const unknown = await request.post(LOGIN, { data: { username: "nobody-here", password: "wrong-password" } });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status_code: 6001, data: null, error: "invalid_credentials" });

    const short = await request.post(LOGIN, { data: { username: "abc", password: "abc" } });
    expect(short.status()).toBe(400);
    const body = await short.json();
    expect(body.status_code).toBe(6001);
    expect(body.error.fields.username[0]).toContain("5");
    expect(body.error.fields.password[0]).toContain("5");

    expect((await request.get(LOGIN)).status()).toBe(405);
    const arabic = await request.post(LOGIN, { data: { username: "nobody-here", password: "wrong-password" }, headers: { "Accept-Language": "ar" } });
    expect((await arabic.json()).message).toBe("اسم المستخدم أو كلمة المرور غير صحيحة.");
  });

  test("refresh rotates; a lost answer's retry gets a new access token only; logout revokes", async ({ request }) => {
    const login = (await (await request.post(LOGIN, { data: E2E_ADMIN })).json()).data;
    const first = await request.post(REFRESH, { data: { refresh_token: login.refresh_token } });
    expect(first.status()).toBe(200);
    const rotated = (await first.json()).data;
    expect(rotated.access_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(login.refresh_token);
    const jti = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).jti;

    // Retried within the grace window from the same client (the first answer was "lost"): a new access
    // token of the same session, never a second live refresh token.
    const retry = await request.post(REFRESH, { data: { refresh_token: login.refresh_token } });
    expect(retry.status()).toBe(200);
    const retried = (await retry.json()).data;
    expect(retried.refresh_token).toBeUndefined();
    expect(JSON.parse(Buffer.from(retried.access_token.split(".")[1]!, "base64url").toString()).sid).toBe(JSON.parse(Buffer.from(rotated.access_token.split(".")[1]!, "base64url").toString()).sid);
    expect(jti(retried.access_token)).not.toBe(jti(rotated.access_token));

    const logout = await request.post(LOGOUT, { data: { refresh_token: rotated.refresh_token } });
    expect(logout.status()).toBe(200);
    expect(await logout.json()).toMatchObject({ status_code: 6000, message: "You have been logged out successfully" });
    const after = await request.post(REFRESH, { data: { refresh_token: rotated.refresh_token } });
    expect(after.status()).toBe(401);
    expect(await after.json()).toMatchObject({ status_code: 6001, data: null });

    const bogus = await request.post(REFRESH, { data: { refresh_token: login.access_token } });
    expect(bogus.status()).toBe(401);
    expect((await request.post(REFRESH, { data: {} })).status()).toBe(400);
  });
});
