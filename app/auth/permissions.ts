import { matchPath } from "react-router";

/**
 * Who may do what in the admin: the one permission matrix (decision 100). The admin layout's guard,
 * every admin route and every admin API call ask here; the navigation and the screens ask the same
 * question to show only what a role may use. Nothing else decides.
 *
 * - A permission is `entity:action`, one line each, naming the roles that hold it.
 * - A screen (an admin URL) or an API call names the permission each method needs, one line each.
 *   A URL or call with no line is refused to everyone (deny by default), and
 *   `permissions.server.test.ts` walks `app/routes.ts` so a new route without its line fails the tests.
 */
export const ROLES = ["owner", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

const everyone = ["owner", "editor", "viewer"] as const;
const staff = ["owner", "editor"] as const;
const owners = ["owner"] as const;

/** Permission → the roles that hold it. */
export const MATRIX = {
  "dashboard:read": everyone,
  "codes:read": everyone,
  "codes:write": staff,
  /** QR labels and any other download of codes: a viewer reads lists, never takes codes away. */
  "codes:export": staff,
  "contacts:read": everyone,
  /** Print runs; their printer files and label sheets are codes taken away, as QR labels are. */
  "batches:read": everyone,
  "batches:write": staff,
  "batches:export": staff,
  /** The scan log and its analytics; its CSV leaves with staff only, as codes do. */
  "scans:read": everyone,
  "scans:export": staff,
  "alerts:read": everyone,
  "alerts:write": staff,
  /** Registered buyers (decision 162): staff see a run's count; only owners read or export the addresses, never a key. */
  "registrations:count": staff,
  "registrations:read": owners,
  "reports:read": everyone,
  "reports:write": staff,
  "team:manage": owners,
  "audit:read": owners,
  /** API keys for machines (decision 154): only people who are owners make and revoke them, never a key. */
  "keys:manage": owners,
  /** Managed webhooks (decision 160): only people who are owners, never a key. */
  "webhooks:manage": owners,
  /** A member's own password, two-factor and sessions. */
  "account:self": everyone,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof MATRIX;

export function can(role: Role, permission: Permission): boolean {
  return (MATRIX[permission] as readonly Role[]).includes(role);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Admin screens (and their downloads): URL pattern → the permission of each method. */
export const ADMIN_PAGES: Record<string, Partial<Record<Method, Permission>>> = {
  "/admin/dashboard": { GET: "dashboard:read" },
  "/admin/dashboard/codes": { GET: "codes:read", POST: "codes:write" },
  "/admin/dashboard/codes/:id/qr.svg": { GET: "codes:export" },
  "/admin/dashboard/contacts": { GET: "contacts:read" },
  "/admin/dashboard/batches": { GET: "batches:read", POST: "batches:write" },
  "/admin/dashboard/batches/:id": { GET: "batches:read", POST: "batches:write" },
  "/admin/dashboard/batches/:id/codes.csv": { GET: "batches:export" },
  "/admin/dashboard/batches/:id/labels.pdf": { GET: "batches:export" },
  "/admin/dashboard/batches/:id/labels.zip": { GET: "batches:export" },
  "/admin/dashboard/batches/:id/registrations.csv": { GET: "registrations:read" },
  "/admin/dashboard/scans": { GET: "scans:read" },
  "/admin/dashboard/scans/export.csv": { GET: "scans:export" },
  "/admin/dashboard/alerts": { GET: "alerts:read", POST: "alerts:write" },
  "/admin/dashboard/alerts/:alertId": { GET: "alerts:read", POST: "alerts:write" },
  "/admin/dashboard/reports": { GET: "reports:read" },
  "/admin/dashboard/reports/:reportId": { GET: "reports:read", POST: "reports:write" },
  "/admin/dashboard/reports/:reportId/photo": { GET: "reports:read" },
  "/admin/dashboard/team": { GET: "team:manage", POST: "team:manage" },
  "/admin/dashboard/audit": { GET: "audit:read" },
  "/admin/dashboard/keys": { GET: "keys:manage", POST: "keys:manage" },
  "/admin/dashboard/webhooks": { GET: "webhooks:manage", POST: "webhooks:manage" },
  "/admin/dashboard/audit/export.csv": { GET: "audit:read" },
  "/admin/dashboard/account": { GET: "account:self", POST: "account:self" },
};

/** Admin API calls: "METHOD pattern" (no trailing slash) → permission. */
export const ADMIN_API: Record<string, Permission> = {
  "GET /api/v1/codes/list": "codes:read",
  "POST /api/v1/codes/create": "codes:write",
  "PUT /api/v1/codes/expire/:codeId": "codes:write",
  "PATCH /api/v1/codes/expire/:codeId": "codes:write",
  "DELETE /api/v1/codes/delete/:codeId": "codes:write",
  "GET /api/v1/batches/list": "batches:read",
  "POST /api/v1/batches/create": "batches:write",
  "POST /api/v1/batches/revoke/:batchId": "batches:write",
  "GET /api/v1/batches/:batchId": "batches:read",
  "GET /api/v1/batches/:batchId/codes.csv": "batches:export",
  "GET /api/v1/batches/:batchId/labels.pdf": "batches:export",
  "GET /api/v1/batches/:batchId/labels.zip": "batches:export",
  "POST /api/v1/batches/:batchId/recall": "batches:write",
  "POST /api/v1/batches/:batchId/recall/lift": "batches:write",
  "GET /api/v1/registrations/list": "registrations:read",
  "GET /api/v1/general/contact/list": "contacts:read",
  "GET /api/v1/general/dashboard/overview": "dashboard:read",
  "GET /api/v1/scans/list": "scans:read",
  "GET /api/v1/scans/export.csv": "scans:export",
  "GET /api/v1/analytics/overview": "dashboard:read",
  "GET /api/v1/alerts/list": "alerts:read",
  "POST /api/v1/alerts/:alertId/status": "alerts:write",
  "GET /api/v1/reports/list": "reports:read",
  "POST /api/v1/reports/:reportId/status": "reports:write",
  "GET /api/v1/admins/list": "team:manage",
  "POST /api/v1/admins/create": "team:manage",
  "PATCH /api/v1/admins/:adminId": "team:manage",
  "POST /api/v1/users/password": "account:self",
  "GET /api/v1/audit/list": "audit:read",
  "GET /api/v1/keys/list": "keys:manage",
  "POST /api/v1/keys/create": "keys:manage",
  "POST /api/v1/keys/:keyId/revoke": "keys:manage",
  "GET /api/v1/webhooks/list": "webhooks:manage",
  "POST /api/v1/webhooks/create": "webhooks:manage",
  "PATCH /api/v1/webhooks/:webhookId": "webhooks:manage",
  "POST /api/v1/webhooks/:webhookId/test": "webhooks:manage",
  "POST /api/v1/webhooks/:webhookId/rotate": "webhooks:manage",
  "GET /api/v1/webhooks/:webhookId/deliveries": "webhooks:manage",
  "POST /api/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver": "webhooks:manage",
};

/**
 * API key scopes (decision 154): each grants exactly one permission of the matrix, on every API call
 * that permission opens (the one place a call's permission becomes a scope). Team, audit, own-account
 * and key administration have no scope: no key can ever make those calls.
 */
export const KEY_SCOPES = {
  "read:dashboard": "dashboard:read",
  "read:codes": "codes:read",
  "write:codes": "codes:write",
  "export:codes": "codes:export",
  "read:contacts": "contacts:read",
  "read:batches": "batches:read",
  "write:batches": "batches:write",
  "export:batches": "batches:export",
  "read:scans": "scans:read",
  "export:scans": "scans:export",
  "read:alerts": "alerts:read",
  "write:alerts": "alerts:write",
  "read:reports": "reports:read",
  "write:reports": "reports:write",
} as const satisfies Record<string, Permission>;

export type Scope = keyof typeof KEY_SCOPES;
export const SCOPES = Object.keys(KEY_SCOPES) as Scope[];

export function isScope(value: unknown): value is Scope {
  return typeof value === "string" && Object.hasOwn(KEY_SCOPES, value);
}

/** The scope that grants a permission to a key, or null for what no key may ever do. */
export function scopeFor(permission: Permission): Scope | null {
  return SCOPES.find((scope) => KEY_SCOPES[scope] === permission) ?? null;
}

/**
 * Whether a caller may use a permission: a member by their role; an API key by its creator's role
 * today and one of its scopes, both.
 */
export function allows(who: { role: Role; apiKey?: { scopes: readonly Scope[] } | null | undefined }, permission: Permission): boolean {
  if (!can(who.role, permission)) return false;
  return who.apiKey ? who.apiKey.scopes.some((scope) => KEY_SCOPES[scope] === permission) : true;
}

/** API calls a member may make before changing a required password or enrolling a required second factor. */
export const UNGATED_API = new Set(["POST /api/v1/users/password"]);

/** `/a/b` however it came: React Router's patterns have no leading slash, URLs may have a trailing one. */
const trim = (path: string) => `/${path.replace(/^\/+|\/+$/g, "")}`;

/** The permission a request to an admin screen needs, or null when no line names it (refused). */
export function pagePermission(pathname: string, method: string): Permission | null {
  const path = trim(pathname);
  const verb = (method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase()) as Method;
  for (const [pattern, methods] of Object.entries(ADMIN_PAGES)) {
    if (matchPath({ path: pattern, end: true }, path)) return methods[verb] ?? null;
  }
  return null;
}

/** An API call as the tables name it: "METHOD /api/v1/…/:param". */
export function apiCall(method: string, pattern: string): string {
  return `${method.toUpperCase()} ${trim(pattern)}`;
}

/**
 * The permission an admin API call needs, or null when no line names it (refused): by the matched
 * route pattern (`/api/v1/codes/expire/:codeId`, what the router gives every call), or, without one,
 * by the URL (`/api/v1/codes/expire/1f2e…/`).
 */
export function apiPermission(method: string, call: { pattern?: string; path: string }): Permission | null {
  if (call.pattern !== undefined) return ADMIN_API[apiCall(method, call.pattern)] ?? null;
  const verb = method.toUpperCase();
  const path = trim(call.path);
  for (const [entry, permission] of Object.entries(ADMIN_API)) {
    const [entryMethod, pattern] = entry.split(" ") as [string, string];
    if (entryMethod === verb && matchPath({ path: pattern, end: true }, path)) return permission;
  }
  return null;
}

/** The admin menu, in order: each entry shows only to the roles that may open it. */
export const NAV_ITEMS = [
  { to: "/admin/dashboard", key: "nav.dashboard" },
  { to: "/admin/dashboard/codes", key: "nav.codes" },
  { to: "/admin/dashboard/batches", key: "nav.batches" },
  { to: "/admin/dashboard/contacts", key: "nav.contacts" },
  { to: "/admin/dashboard/scans", key: "nav.scans" },
  { to: "/admin/dashboard/alerts", key: "nav.alerts" },
  { to: "/admin/dashboard/reports", key: "nav.reports" },
  { to: "/admin/dashboard/team", key: "nav.team" },
  { to: "/admin/dashboard/keys", key: "nav.keys" },
  { to: "/admin/dashboard/webhooks", key: "nav.webhooks" },
  { to: "/admin/dashboard/audit", key: "nav.audit" },
  { to: "/admin/dashboard/account", key: "nav.account" },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];

export function navFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    const permission = ADMIN_PAGES[item.to]?.GET;
    return permission ? can(role, permission) : false;
  });
}
