import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, type RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { adminContext } from "~/features/sessions/guard.server";
import { ADMIN_PAGES, can, ROLES, type Permission, type Role } from "~/platform/access/permissions";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { resources } from "~/platform/i18n/resources";
import { createReport } from "~/features/reports/reports.server";
import { createCode } from "~/features/code-admin/codes.server";
import { checkFrom } from "../../../../tests/unit/checks";
import { requestContext } from "../../../../tests/unit/request-context";
import * as alertRoute from "~/routes/admin/alert";
import * as alertsRoute from "~/routes/admin/alerts";
import * as batchRoute from "~/routes/admin/batch";
import * as batchesRoute from "~/routes/admin/batches";
import * as codesRoute from "~/routes/admin/codes";
import * as contactsRoute from "~/routes/admin/contacts";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as reportRoute from "~/routes/admin/report";
import * as reportsRoute from "~/routes/admin/reports";
import * as scansRoute from "~/routes/admin/scans";
import * as teamRoute from "~/routes/admin/team";
import * as auditRoute from "~/routes/admin/audit";
import * as keysRoute from "~/routes/admin/keys";
import * as accountRoute from "~/routes/admin/account";
import * as webhooksRoute from "~/routes/admin/webhooks";

/**
 * Issue 29: for each role, the controls each admin screen renders match the permission matrix
 * (app/platform/access/permissions.ts). Each screen's real loader runs with the role in the context (as the admin
 * layout leaves it), then its component is rendered on the server under a layout that holds the role
 * (what `useCan` reads). A control shows exactly when the role holds its permission; a screen the role
 * may not open is refused by the matrix (the layout's guard answers it, see guard.server.test.ts).
 */

type RouteModule = { loader: (args: never) => unknown; default: unknown };
type Control = { permission: Permission; what: string; found: (html: string) => boolean };
type Screen = { pattern: string; url: () => string; params: () => Record<string, string>; route: RouteModule; controls: Control[] };

const has = (needle: string | RegExp) => (html: string) => (typeof needle === "string" ? html.includes(needle) : needle.test(html));

/** An element (button or hidden input) sending `intent=value`, its attributes in any order. */
const intent = (value: string) => (html: string) => [...html.matchAll(/<(?:button|input)\b[^>]*>/g)].some(([tag]) => tag.includes('name="intent"') && tag.includes(`value="${value}"`));

const seed = { runId: "", alertId: "", reportId: "" };

const SCREENS: Screen[] = [
  { pattern: "/admin/dashboard", url: () => "/admin/dashboard", params: () => ({}), route: dashboardRoute, controls: [] },
  {
    pattern: "/admin/dashboard/codes",
    url: () => "/admin/dashboard/codes",
    params: () => ({}),
    route: codesRoute,
    controls: [
      { permission: "codes:write", what: "the new-code form", found: intent("create") },
      { permission: "codes:write", what: "Expire on a row", found: has(/confirm=[^"]*#confirm-expire/) },
      { permission: "codes:export", what: "a code's QR label", found: has("qr.svg") },
    ],
  },
  {
    pattern: "/admin/dashboard/batches",
    url: () => "/admin/dashboard/batches",
    params: () => ({}),
    route: batchesRoute,
    controls: [{ permission: "batches:write", what: "the new-run form", found: has(/name="quantity"/) }],
  },
  {
    pattern: "/admin/dashboard/batches/:id",
    url: () => `/admin/dashboard/batches/${seed.runId}`,
    params: () => ({ id: seed.runId }),
    route: batchRoute,
    controls: [
      { permission: "batches:export", what: "the printer's files", found: has("labels.pdf") },
      { permission: "batches:write", what: "revoke", found: intent("revoke") },
      { permission: "batches:write", what: "recall", found: intent("recall") },
    ],
  },
  { pattern: "/admin/dashboard/contacts", url: () => "/admin/dashboard/contacts", params: () => ({}), route: contactsRoute, controls: [] },
  {
    pattern: "/admin/dashboard/scans",
    url: () => "/admin/dashboard/scans",
    params: () => ({}),
    route: scansRoute,
    controls: [{ permission: "scans:export", what: "the CSV export", found: has("export.csv") }],
  },
  {
    pattern: "/admin/dashboard/alerts",
    url: () => "/admin/dashboard/alerts",
    params: () => ({}),
    route: alertsRoute,
    controls: [{ permission: "alerts:write", what: "a row's status buttons", found: has('data-testid="alert-acknowledge"') }],
  },
  {
    pattern: "/admin/dashboard/alerts/:alertId",
    url: () => `/admin/dashboard/alerts/${seed.alertId}`,
    params: () => ({ alertId: seed.alertId }),
    route: alertRoute,
    controls: [{ permission: "alerts:write", what: "the status buttons", found: has(/name="status"[^>]*value="acknowledged"|value="acknowledged"[^>]*name="status"/) }],
  },
  { pattern: "/admin/dashboard/reports", url: () => "/admin/dashboard/reports", params: () => ({}), route: reportsRoute, controls: [] },
  {
    pattern: "/admin/dashboard/reports/:reportId",
    url: () => `/admin/dashboard/reports/${seed.reportId}`,
    params: () => ({ reportId: seed.reportId }),
    route: reportRoute,
    controls: [{ permission: "reports:write", what: "the status form", found: has(/name="note"/) }],
  },
  {
    pattern: "/admin/dashboard/team",
    url: () => "/admin/dashboard/team",
    params: () => ({}),
    route: teamRoute,
    controls: [{ permission: "team:manage", what: "the add-member form", found: intent("add") }],
  },
  { pattern: "/admin/dashboard/audit", url: () => "/admin/dashboard/audit", params: () => ({}), route: auditRoute, controls: [{ permission: "audit:read", what: "the CSV export", found: has("audit/export.csv") }] },
  { pattern: "/admin/dashboard/keys", url: () => "/admin/dashboard/keys", params: () => ({}), route: keysRoute, controls: [{ permission: "keys:manage", what: "the new-key form", found: intent("create") }] },
  {
    pattern: "/admin/dashboard/webhooks",
    url: () => "/admin/dashboard/webhooks",
    params: () => ({}),
    route: webhooksRoute,
    controls: [{ permission: "webhooks:manage", what: "the new-endpoint form", found: intent("create") }],
  },
  {
    pattern: "/admin/dashboard/account",
    url: () => "/admin/dashboard/account",
    params: () => ({}),
    route: accountRoute,
    controls: [{ permission: "account:self", what: "the password form", found: has(/name="current_password"/) }],
  },
];

const MEMBERS: Record<Role, { id: string; username: string }> = {
  owner: { id: "", username: "controls-owner" },
  editor: { id: "", username: "controls-editor" },
  viewer: { id: "", username: "controls-viewer" },
};

beforeAll(async () => {
  const db = await getDb();
  const product = products[0]!;
  const at = new Date().toISOString();
  const { createOrResetAdmin } = await import("~/features/sign-in/admin-accounts.server");
  for (const role of ROLES) {
    const made = await createOrResetAdmin(MEMBERS[role].username, `${MEMBERS[role].username}-password`, { role });
    MEMBERS[role].id = made.id;
    await db.updateTable("admins").set({ must_change_password: 0 as never, password_changed_at: at }).where("id", "=", made.id).execute();
  }
  const code = await createCode({ code: "CTRL2345", productId: product.id });
  if (!code.ok) throw new Error(code.error);
  const run = await createBatch({ productId: product.id, quantity: 2, lot: "CTRL-RUN-1", createdBy: MEMBERS.owner.id });
  if (!run.ok) throw new Error(run.error);
  seed.runId = run.value.id;
  seed.alertId = "controls-alert";
  await db
    .insertInto("alerts")
    .values({ id: seed.alertId, kind: "guessing", subject: "guessing:controls", status: "open", code_id: null, code: null, product_id: null, batch_id: null, detail: JSON.stringify({ kind: "guessing", reason: "spike", unknown_last_hour: 6, threshold: 5 }), scans_count: 0, created_at: at, updated_at: at, acknowledged_at: null, acknowledged_by: null, closed_at: null, closed_by: null })
    .execute();
  const fake = await checkFrom("CTRLFAKE99", "controls-shopper", "SA");
  const filed = await createReport({ input: { scan_id: fake.scanId, seller: "Stall 9", city: "Doha", country: "QA", purchased_on: at.slice(0, 10), contact: null, consent: true, website: undefined }, photo: null, lang: "en", clientHash: "controls-shopper" });
  if (!filed.ok || !filed.value.report) throw new Error("report not filed");
  seed.reportId = filed.value.report.id;
});

/** What a loader answered, without its headers (`data(value, init)`). */
function unwrap(value: unknown): unknown {
  return value && typeof value === "object" && "type" in value && (value as { type: unknown }).type === "DataWithResponseInit" ? (value as unknown as { data: unknown }).data : value;
}

/** The screen as the server renders it for `role`: its real loader, its component, under a layout holding the role. */
async function render(screen: Screen, role: Role): Promise<string> {
  const url = `http://localhost${screen.url()}`;
  const request = new Request(url);
  const context: RouterContextProvider = await requestContext(request);
  const member = MEMBERS[role];
  context.set(adminContext, { id: member.id, username: member.username, role, sessionId: "s", mfaEnabled: false, mustChangePassword: false, mfaRequired: false });
  const loaderData = unwrap(await screen.route.loader({ request, context, params: screen.params() } as never));
  const Page = screen.route.default as React.ComponentType<{ loaderData: unknown; params: Record<string, string>; matches: never[] }>;
  const routes = [
    {
      id: "routes/admin/layout",
      path: "/",
      loader: () => ({ role }),
      Component: Outlet,
      children: [{ id: "page", path: screen.url().slice(1), loader: () => loaderData, Component: () => <Page loaderData={loaderData} params={screen.params()} matches={[]} /> }],
    },
  ];
  const handler = createStaticHandler(routes);
  const staticContext = await handler.query(request);
  if (staticContext instanceof Response) throw new Error(`${screen.url()} answered ${staticContext.status}`);
  const router = createStaticRouter(handler.dataRoutes, staticContext);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: "en", resources, defaultNS: "common", interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={staticContext} hydrate={false} />
    </I18nextProvider>,
  );
}

describe("each role sees exactly the controls the permission matrix gives it", () => {
  it("covers every admin screen of the matrix (its downloads aside)", () => {
    const screens = Object.keys(ADMIN_PAGES).filter((pattern) => !/\.(csv|pdf|zip|svg)$|\/photo$/.test(pattern));
    expect(SCREENS.map((screen) => screen.pattern).sort()).toEqual(screens.sort());
  });

  const cases = SCREENS.flatMap((screen) => ROLES.map((role) => [screen.pattern, role, screen] as const));
  it.each(cases)("%s as %s", async (_pattern, role, screen) => {
    const opens = can(role, ADMIN_PAGES[screen.pattern]!.GET!);
    if (!opens) {
      // The matrix refuses the page: no control of it can reach this role.
      expect(screen.controls.every((control) => !can(role, control.permission))).toBe(true);
      return;
    }
    const html = await render(screen, role);
    const shown = Object.fromEntries(screen.controls.map((control) => [`${control.permission}: ${control.what}`, control.found(html)]));
    const expected = Object.fromEntries(screen.controls.map((control) => [`${control.permission}: ${control.what}`, can(role, control.permission)]));
    expect(shown).toEqual(expected);
  });
});
