import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import routes from "~/routes";
import { newAdminColumns } from "~/features/sign-in/admin-accounts.server";
import { adminMiddleware } from "~/features/sessions/guard.server";
import { hashPassword } from "~/features/sign-in/passwords.server";
import { startSession } from "~/features/sessions/sessions.server";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";
import { apiPermissions } from "~/routes/api/calls.server";
import { ADMIN_PAGES, can, MATRIX, navFor, pagePermission, ROLES, type Role } from "./permissions";

/**
 * The permission matrix, enforced: every admin page, action, download and API call of `app/routes.ts`
 * is called by an owner, an editor and a viewer, and answers 403 exactly where the matrix says no.
 * A new route joins this test by being in the route table; one without its permission (a line in
 * `ADMIN_PAGES`, or in its API contract) is refused to everyone, which fails here for the owner.
 * The API part of the table is made from the contracts (decision 182).
 */
type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

const modules = import.meta.glob<Module>("../../routes/**/*.{ts,tsx}");
const load = (file: string) => modules[`../../${file}`]!();

function leaves(entries: RouteEntry[]): RouteEntry[] {
  return entries.flatMap((e) => (e.children ? leaves(e.children) : e.path !== undefined ? [e] : []));
}
const all = leaves(routes as RouteEntry[]);
const adminLayout = (routes as RouteEntry[]).find((r) => r.file === "routes/admin/layout.tsx")!;
const adminPages = leaves(adminLayout.children ?? []);
/** Calls that need no signed-in member (sign-in itself, the shoppers' calls): the only contracts without a permission. */
const PUBLIC_API = new Set([
  "api/v1/products",
  "api/v1/users/login",
  "api/v1/users/login/mfa",
  "api/v1/users/logout",
  "api/v1/users/token/refresh",
  "api/v1/codes/verify",
  "api/v1/packs/:serial",
  "api/v1/packs/:serial/redeem",
  // An NFC tag's tap (issue 41): what the tag's own URL does, for apps.
  "api/v1/nfc/verify",
  "api/v1/general/contact/create",
  "api/v1/reports/create",
  // The OpenAPI document (decision 157): public, as the reference page that reads it.
  "api/v1/openapi.json",
  "api/v1/registrations/create",
]);
const adminApi = all.filter((r) => r.path!.startsWith("api/v1/") && !PUBLIC_API.has(r.path!));
const concrete = (path: string) => `/${path.replace(/:[A-Za-z]+/g, "x")}`;
/** The API part of the permission table, "METHOD /api/v1/…" → permission, made from the contracts. */
const ADMIN_API = await apiPermissions();
const apiPermission = (method: string, path: string) => ADMIN_API[`${method} /${path}`] ?? null;

const members = {} as Record<Role, { cookie: string; bearer: string }>;

beforeAll(async () => {
  const db = await getDb();
  const hash = await hashPassword("matrix-password-long");
  for (const role of ROLES) {
    const id = `matrix-${role}`;
    await db.insertInto("admins").values({ ...newAdminColumns(new Date().toISOString()), id, username: `matrix-${role}`, password_hash: hash, role }).execute();
    const pair = await startSession({ id, username: `matrix-${role}` });
    members[role] = { cookie: `__Host-access_token=${pair.accessToken}`, bearer: `Bearer ${pair.accessToken}` };
  }
});

/** The HTTP status a route function's outcome stands for (a value is 200; thrown data and Responses say theirs). */
function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") return init?.status ?? 200;
  return 200;
}

async function callPage(file: string, path: string, method: "GET" | "POST", role: Role): Promise<number> {
  const module = await load(file);
  const fn = method === "GET" ? module.loader : module.action;
  const url = `http://localhost:3000${concrete(path)}?lng=en`;
  const request = new Request(url, {
    method,
    headers: { Cookie: members[role].cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "POST" ? "intent=nothing-at-all" : undefined,
  });
  const context = new RouterContextProvider();
  const args = { request, context, params: { id: "x", token: "x" }, pattern: `/${path}` };
  let outcome: unknown;
  try {
    await i18nextMiddleware(args as never, async () =>
      adminMiddleware(args as never, async () => {
        outcome = await fn!(args as never);
        return outcome instanceof Response ? outcome : new Response("page");
      }) as Promise<Response>,
    );
  } catch (thrown) {
    outcome = thrown;
  }
  return statusOf(outcome);
}

/** An API call as a member of this role, or with no token at all (null). */
async function callApi(file: string, path: string, method: string, role: Role | null): Promise<number> {
  const module = await load(file);
  const fn = method === "GET" ? module.loader : module.action;
  const request = new Request(`http://localhost:3000${concrete(path)}/?lng=en`, {
    method,
    headers: { ...(role ? { Authorization: members[role].bearer } : {}), "Content-Type": "application/json" },
    body: method === "GET" ? undefined : "{}",
  });
  const context = new RouterContextProvider();
  const args = { request, context, params: { codeId: "x", adminId: "x" }, pattern: `/${path}` };
  let answer: Response | undefined;
  await i18nextMiddleware(args as never, async () => {
    answer = (await fn!(args as never)) as Response;
    return answer;
  });
  return answer!.status;
}

describe("the matrix", () => {
  it("an owner holds every permission; an editor all but the team, the audit trail, API keys, webhooks, buyers' addresses and NFC keys; a viewer reads only", () => {
    for (const permission of Object.keys(MATRIX) as (keyof typeof MATRIX)[]) {
      expect(can("owner", permission)).toBe(true);
      expect(can("editor", permission)).toBe(!["team:manage", "audit:read", "keys:manage", "webhooks:manage", "registrations:read", "batches:keys"].includes(permission));
      expect(can("viewer", permission)).toBe(permission.endsWith(":read") && !["audit:read", "registrations:read"].includes(permission) || permission === "account:self");
    }
    expect(can("viewer", "codes:export")).toBe(false);
    expect(can("editor", "codes:export")).toBe(true);
  });

  it("every admin page and download of the route table has its line, and every line is a route", () => {
    expect(adminPages.length).toBeGreaterThanOrEqual(8);
    for (const page of adminPages) expect(pagePermission(concrete(page.path!), "GET"), page.path).not.toBeNull();
    const patterns = new Set(adminPages.map((p) => `/${p.path}`));
    for (const pattern of Object.keys(ADMIN_PAGES)) expect(patterns.has(pattern), pattern).toBe(true);
  });

  it("every admin API call of the route table names a permission of the matrix; the public calls none", () => {
    const patterns = new Set(adminApi.map((r) => `/${r.path}`));
    for (const [call, permission] of Object.entries(ADMIN_API)) {
      expect(patterns.has(call.split(" ")[1]!), call).toBe(true);
      expect(Object.hasOwn(MATRIX, permission), `${call}: ${permission}`).toBe(true);
    }
    for (const route of adminApi) expect(Object.keys(ADMIN_API).some((c) => c.endsWith(` /${route.path}`)), route.path).toBe(true);
    for (const path of PUBLIC_API) expect(Object.keys(ADMIN_API).some((c) => c.endsWith(` /${path}`)), path).toBe(false);
  });

  it("every guarded API call refuses a request without a token (401), whatever its permission", async () => {
    for (const [call] of Object.entries(ADMIN_API)) {
      const [method, pattern] = call.split(" ") as [string, string];
      const route = adminApi.find((r) => `/${r.path}` === pattern)!;
      expect(await callApi(route.file, route.path!, method, null), call).toBe(401);
    }
  });

  it("the menu shows each role what it may open, and nothing else", () => {
    expect(navFor("owner").map((i) => i.to)).toEqual(["/admin/dashboard", "/admin/dashboard/codes", "/admin/dashboard/batches", "/admin/dashboard/contacts", "/admin/dashboard/scans", "/admin/dashboard/alerts", "/admin/dashboard/reports", "/admin/dashboard/team", "/admin/dashboard/keys", "/admin/dashboard/webhooks", "/admin/dashboard/audit", "/admin/dashboard/account"]);
    expect(navFor("editor").map((i) => i.to)).toEqual(["/admin/dashboard", "/admin/dashboard/codes", "/admin/dashboard/batches", "/admin/dashboard/contacts", "/admin/dashboard/scans", "/admin/dashboard/alerts", "/admin/dashboard/reports", "/admin/dashboard/account"]);
    expect(navFor("viewer").map((i) => i.to)).toEqual(["/admin/dashboard", "/admin/dashboard/codes", "/admin/dashboard/batches", "/admin/dashboard/contacts", "/admin/dashboard/scans", "/admin/dashboard/alerts", "/admin/dashboard/reports", "/admin/dashboard/account"]);
  });
});

describe("every admin page, action and download × role", () => {
  for (const page of adminPages) {
    it(`/${page.path}`, async () => {
      const module = await load(page.file);
      const methods = [...(module.loader ? ["GET" as const] : []), ...(module.action ? ["POST" as const] : [])];
      expect(methods.length).toBeGreaterThan(0);
      const seen: string[] = [];
      for (const method of methods) {
        const permission = pagePermission(concrete(page.path!), method);
        expect(permission, `${method} /${page.path} has no line in ADMIN_PAGES`).not.toBeNull();
        for (const role of ROLES) {
          const status = await callPage(page.file, page.path!, method, role);
          const allowed = can(role, permission!);
          seen.push(`${method} ${role} ${status}`);
          expect(status === 403, `${method} /${page.path} as ${role}: ${status}`).toBe(!allowed);
        }
      }
      expect(seen.length).toBe(methods.length * 3);
    });
  }
});

describe("every admin API call × role", () => {
  for (const call of adminApi) {
    it(`/${call.path}/`, async () => {
      const module = await load(call.file);
      let handled = 0;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const permission = apiPermission(method, call.path!);
        const statuses = [];
        for (const role of ROLES) {
          const status = await callApi(call.file, call.path!, method, role);
          statuses.push(status);
          if (status === 405) continue;
          expect(permission, `${method} /${call.path} names no permission in its contract`).not.toBeNull();
          expect(status === 403, `${method} /${call.path} as ${role}: ${status}`).toBe(!can(role, permission!));
        }
        // A method the route does not take has no line, and answers 405 to everyone.
        if (statuses.every((s) => s === 405)) expect(permission, `${method} /${call.path}`).toBeNull();
        else handled++;
      }
      expect(handled).toBeGreaterThan(0);
      void module;
    });
  }
});

describe("a refusal", () => {
  it("is recorded in the audit trail, and changes nothing", async () => {
    const db = await getDb();
    const before = await db.selectFrom("app_settings").selectAll().execute();
    const status = await callPage("routes/admin/team.tsx", "admin/dashboard/team", "POST", "viewer");
    expect(status).toBe(403);
    expect(await db.selectFrom("app_settings").selectAll().execute()).toEqual(before);
    const denied = await db.selectFrom("audit_log").selectAll().where("actor", "=", "matrix-viewer").where("action", "=", "access.denied").execute();
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.every((d) => d.outcome === "refused")).toBe(true);
  });
});
