import { expect, test } from "./fixtures";
import { E2E_ACCESS_TTL_SECONDS, sessionCookies, signIn } from "./auth-helpers";

/** The sign-in page a session that ended leads to: back to `path` afterwards, saying why. */
const endedOn = (path: string) => new RegExp(`/admin\\?next=${encodeURIComponent(path)}&expired=page$`);

/**
 * Tests whose every step is a document load or a plain HTTP request (the session's cookies and the
 * server's answers): the browser sends the same requests with JavaScript on or off, so they run once,
 * in the js project. The no-JavaScript variants are kept where the page behaves differently without it
 * (the logout's toast, the periodic recheck).
 */
const httpOnly = "document loads and HTTP requests only: the same requests with or without JavaScript";

test.describe("admin session", () => {
  test("stays signed in across an access-token expiry (transparent refresh)", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, httpOnly);
    test.setTimeout(E2E_ACCESS_TTL_SECONDS * 1000 + 30_000);
    await signIn(page);
    const before = await sessionCookies(context);
    await page.waitForTimeout(E2E_ACCESS_TTL_SECONDS * 1000 + 1500);

    const response = await page.goto("/admin/dashboard/codes");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/dashboard\/codes$/);
    const after = await sessionCookies(context);
    // Both tokens were replaced: a new access token and a rotated refresh token.
    expect(after.access?.value).toBeTruthy();
    expect(after.access?.value).not.toBe(before.access?.value);
    expect(after.refresh?.value).not.toBe(before.refresh?.value);

    // The rotated refresh token is spent: presented again after the grace window it revokes the session.
    await page.waitForTimeout(11_000);
    const reuse = await page.request.post("/api/v1/users/token/refresh/", { data: { refresh_token: before.refresh!.value } });
    expect(reuse.status()).toBe(401);
    await page.goto("/admin/dashboard/contacts");
    await expect(page).toHaveURL(endedOn("/admin/dashboard/contacts"));
    await expect(page.getByTestId("session-expired")).toHaveText("Your session has ended. Sign in again to go back to the page you were on.");
    const cleared = await sessionCookies(context);
    expect(cleared.access).toBeUndefined();
    expect(cleared.refresh).toBeUndefined();
  });

  test("a missing or unreadable access token is refreshed too", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, httpOnly);
    await signIn(page);
    const { refresh } = await sessionCookies(context);
    await context.clearCookies({ name: "__Host-access_token" });
    expect((await page.goto("/admin/dashboard/contacts"))?.status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/dashboard\/contacts$/);
    const refreshed = await sessionCookies(context);
    expect(refreshed.access).toBeDefined();
    expect(refreshed.refresh?.value).not.toBe(refresh?.value);

    await context.addCookies([{ ...refreshed.access!, value: "not-a-token" }]);
    expect((await page.goto("/admin/dashboard"))?.status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("logout revokes on the server, clears the cookies and says so", async ({ page, context }) => {
    await signIn(page);
    const before = await sessionCookies(context);

    // A GET never logs out.
    await page.goto("/admin/logout");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const response = await page.request.post("/admin/logout", { maxRedirects: 0, form: {} });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/admin");

    await page.goto("/admin");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Logout successful");
    await expect(toast).toContainText("You have been logged out successfully");
    const after = await sessionCookies(context);
    expect(after.access).toBeUndefined();
    expect(after.refresh).toBeUndefined();

    // Revoked on the server, not only forgotten by the browser: the old tokens are dead.
    await context.addCookies([before.access!, before.refresh!]);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(endedOn("/admin/dashboard"));
    const refresh = await page.request.post("/api/v1/users/token/refresh/", { data: { refresh_token: before.refresh!.value } });
    expect(refresh.status()).toBe(401);
  });

  test("a logout form post from another site is refused", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, httpOnly);
    await signIn(page);
    const response = await page.request.post("/admin/logout", {
      maxRedirects: 0,
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      form: {},
    });
    expect([400, 403]).toContain(response.status());
    expect((await sessionCookies(context)).access).toBeDefined();
    await page.goto("/admin/dashboard/codes");
    await expect(page).toHaveURL(/\/admin\/dashboard\/codes$/);
  });

  test("the periodic recheck leaves a page whose session ended", async ({ page, context, jsEnabled }) => {
    await page.addInitScript(() => {
      window.__LUNARA_SESSION_RECHECK_MS__ = 500;
    });
    await signIn(page);
    // While the session lives, the rechecks change nothing.
    await page.waitForTimeout(1600);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The session ends elsewhere (an API client logs out with the same refresh token).
    const { refresh } = await sessionCookies(context);
    const logout = await page.request.post("/api/v1/users/logout/", { data: { refresh_token: refresh!.value } });
    expect(logout.status()).toBe(200);

    if (jsEnabled) {
      // No click, no reload: the page notices by itself within a recheck or two.
      await expect(page).toHaveURL(endedOn("/admin/dashboard"), { timeout: 5000 });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    } else {
      // Without JavaScript there is no timer: the next page load goes to /admin.
      await page.reload();
      await expect(page).toHaveURL(endedOn("/admin/dashboard"));
    }
  });

  test("the session endpoint answers 200 while signed in and 401 after", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, httpOnly);
    const signedOut = await page.request.get("/admin/session");
    expect(signedOut.status()).toBe(401);
    await signIn(page);
    const signedIn = await page.request.get("/admin/session");
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["cache-control"]).toBe("no-store");
    await context.clearCookies();
    expect((await page.request.get("/admin/session")).status()).toBe(401);
  });
});
