import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin/login";
import { action as apiLogin } from "~/routes/api/users-login";
import { createOrResetAdmin } from "./admin-accounts.server";

const PASSWORD = "route-password-123";

beforeAll(async () => {
  await createOrResetAdmin("route-admin", PASSWORD);
});

/** Runs a route function behind the i18n middleware, as the root route does. */
async function call<T>(request: Request, fn: (args: { request: Request; context: RouterContextProvider; params: Record<string, never> }) => Promise<T>) {
  const context = new RouterContextProvider();
  let result: T | Response | undefined;
  try {
    await i18nextMiddleware({ request, context, params: {} } as never, async () => {
      result = await fn({ request, context, params: {} });
      return new Response(null);
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  return result as T | Response;
}

const form = (fields: Record<string, string>, lang = "en", client = "10.0.0.1") =>
  new Request(`http://localhost:3000/admin?lng=${lang}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": client },
  });

type PageResult = { type: string; init: ResponseInit | null; data: { failure: { title: string; description: string } | null } };

describe("login page action", () => {
  it("goes back to the admin page a session ended on, and nowhere else", async () => {
    const back = (await call(form({ username: "route-admin", password: PASSWORD, next: "/admin/dashboard/codes?status=expired" }, "en", "10.0.9.1"), pageAction as never)) as Response;
    expect(back.headers.get("Location")).toBe("/admin/dashboard/codes?status=expired");
    const away = (await call(form({ username: "route-admin", password: PASSWORD, next: "https://evil.example/admin/dashboard" }, "en", "10.0.9.2"), pageAction as never)) as Response;
    expect(away.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("signs in: redirect to the dashboard with both cookies and the welcome toast", async () => {
    const response = (await call(form({ username: "route-admin", password: PASSWORD }), pageAction as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__Host-access_token=ey"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__Host-refresh_token=ey"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("toast="))).toBe(true);
  });

  it("after too many failures answers 429 with the localized message, in Arabic too", async () => {
    for (let i = 0; i < 5; i++) {
      const result = (await call(form({ username: "route-admin", password: "wrong-pass" }, "en", "10.0.1.1"), pageAction as never)) as PageResult;
      expect(result.init?.status).toBe(401);
      expect(result.data.failure?.description).toBe("Invalid username or password.");
    }
    const en = (await call(form({ username: "route-admin", password: PASSWORD }, "en", "10.0.1.1"), pageAction as never)) as PageResult;
    expect(en.init?.status).toBe(429);
    expect(en.data.failure?.title).toBe("Login failed");
    expect(en.data.failure?.description).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    const ar = (await call(form({ username: "route-admin", password: PASSWORD }, "ar", "10.0.1.1"), pageAction as never)) as PageResult;
    expect(ar.init?.status).toBe(429);
    expect(ar.data.failure?.title).toBe("تعذّر تسجيل الدخول");
    expect(ar.data.failure?.description).toContain("محاولات كثيرة جدًا");
    expect(ar.data.failure?.description).toMatch(/1[45]/);

    const api = (await call(
      new Request("http://localhost:3000/api/v1/users/login/", {
        method: "POST",
        body: JSON.stringify({ username: "route-admin", password: PASSWORD }),
        headers: { "Content-Type": "application/json", "x-client-address": "10.0.1.1" },
      }),
      apiLogin as never,
    )) as Response;
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await api.json()).toMatchObject({ status_code: 6001, error: "rate_limited" });
  });

  it("the login page sends a signed-in admin on to the dashboard", async () => {
    const before = (await call(form({ username: "other-route-admin", password: PASSWORD }, "en", "10.0.4.0"), pageAction as never)) as PageResult;
    expect(before.init?.status).toBe(401);
    await createOrResetAdmin("other-route-admin", PASSWORD);
    const ok = (await call(form({ username: "other-route-admin", password: PASSWORD }, "en", "10.0.4.1"), pageAction as never)) as Response;
    const cookie = ok.headers
      .getSetCookie()
      .filter((c) => c.startsWith("__Host-access_token=") || c.startsWith("__Host-refresh_token="))
      .map((c) => c.split(";")[0])
      .join("; ");
    const response = (await call(new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }), pageLoader as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });
});
