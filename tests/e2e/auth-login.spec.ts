import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";
import { ADMIN_URLS, E2E_ADMIN, sessionCookies, signIn } from "./auth-helpers";

test.describe("admin sign-in", () => {
  test("every admin URL sends a signed-out visitor to /admin, replacing history", async ({ page, request }) => {
    const login = await request.get("/admin");
    expect(login.status()).toBe(200);
    expect(login.headers()["cache-control"]).toBe("no-store");
    expect(login.headers()["x-robots-tag"]).toContain("noindex");
    for (const url of ADMIN_URLS) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(302);
      expect(response.headers()["location"], url).toBe("/admin");
      expect(response.headers()["cache-control"], url).toBe("no-store");

      await page.goto("/verify");
      await page.goto(url);
      await expect(page, url).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
      // The admin URL never entered the history: Back leaves the login page for the previous page.
      await page.goBack();
      await expect(page, url).toHaveURL(/\/verify$/);
    }
  });

  test("short input shows field errors that say 5, under each field, and keeps the username", async ({ page }) => {
    await page.goto("/admin");
    const username = page.getByLabel("Username");
    const password = page.getByLabel("Password");
    await expect(username).toHaveAttribute("placeholder", "Enter your username");
    await expect(password).toHaveAttribute("placeholder", "Enter your password");
    await username.fill("abcd");
    await password.fill("1234");
    await page.getByRole("button", { name: "Sign in" }).click();

    const usernameError = page.getByText("Username must be at least 5 characters");
    const passwordError = page.getByText("Password must be at least 5 characters");
    await expect(usernameError).toBeVisible();
    await expect(passwordError).toBeVisible();
    // Red: Tailwind's red-700 (oklch hue about 27°).
    await expect(usernameError).toHaveCSS("color", /^oklch\(0\.5\d* 0\.2\d* 2\d/);
    await expect(passwordError).toHaveCSS("color", /^oklch\(0\.5\d* 0\.2\d* 2\d/);
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(username).toHaveAttribute("aria-describedby", (await usernameError.getAttribute("id"))!);
    await expect(password).toHaveAttribute("aria-describedby", (await passwordError.getAttribute("id"))!);
    await expect(username).toHaveValue("abcd");
    await expect(page).toHaveURL(/\/admin$/);
    // Nothing was signed in.
    expect((await sessionCookies(page.context())).access).toBeUndefined();
  });

  test("the field errors are in Arabic on the Arabic page", async ({ page }) => {
    await openIn(page, "/admin", "ar");
    await page.getByLabel("اسم المستخدم").fill("ab");
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(page.getByText("يجب أن يتكوّن اسم المستخدم من 5 أحرف على الأقل")).toBeVisible();
    await expect(page.getByText("يجب أن تتكوّن كلمة المرور من 5 أحرف على الأقل")).toBeVisible();
  });

  test("a wrong password and an unknown user get the same generic failure", async ({ page }) => {
    const texts: string[] = [];
    for (const attempt of [
      { username: E2E_ADMIN.username, password: "not-the-password" },
      { username: "nobody-by-that-name", password: E2E_ADMIN.password },
    ]) {
      await page.goto("/admin");
      await page.getByLabel("Username").fill(attempt.username);
      await page.getByLabel("Password").fill(attempt.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      const failure = page.getByRole("alert").filter({ hasText: "Login failed" });
      await expect(failure).toBeVisible();
      await expect(failure).toContainText("Invalid username or password.");
      texts.push((await failure.textContent()) ?? "");
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByLabel("Username")).toHaveValue(attempt.username);
      await expect(page.getByLabel("Password")).toHaveValue("");
    }
    expect(texts[0]).toBe(texts[1]);
    expect((await sessionCookies(page.context())).access).toBeUndefined();
  });

  test("signing in lands on the dashboard with a welcome toast and secure cookies", async ({ page }) => {
    await signIn(page);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Login successful");
    await expect(toast).toContainText("Welcome to the admin dashboard");

    const { access, refresh } = await sessionCookies(page.context());
    const now = Date.now() / 1000;
    for (const cookie of [access, refresh]) {
      expect(cookie).toBeDefined();
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    }
    expect(access!.expires - now).toBeGreaterThan(7 * 86400 - 120);
    expect(access!.expires - now).toBeLessThan(7 * 86400 + 120);
    expect(refresh!.expires - now).toBeGreaterThan(30 * 86400 - 120);
    expect(refresh!.expires - now).toBeLessThan(30 * 86400 + 120);

    // Signed in, the login page and every admin URL answer without a detour.
    const response = await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(response?.status()).toBe(200);
    for (const url of ADMIN_URLS) {
      const answer = await page.goto(url);
      expect(answer?.status(), url).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      expect(answer?.headers()["cache-control"]).toBe("no-store");
      expect(answer?.headers()["x-robots-tag"]).toContain("noindex");
    }
  });

  test("the Login button shows its logging-in state while pending", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "a pending state needs JavaScript; without it the browser's own loading shows");
    await page.goto("/admin");
    await page.route("**/admin.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const pending = page.getByRole("button", { name: "Signing in…" });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  for (const lang of ["en", "ar"] as const) {
    test(`the login page passes axe in ${lang}, also with errors shown`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs as a script inside the page; the server-rendered markup is the same");
      await openIn(page, "/admin", lang);
      await expectNoAxeViolations(page);
      await page.getByRole("button").filter({ hasText: lang === "en" ? "Sign in" : "تسجيل الدخول" }).click();
      await expect(page.locator("[aria-invalid=true]")).toHaveCount(2);
      await expectNoAxeViolations(page);
    });
  }
});
