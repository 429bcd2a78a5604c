import { matchPath } from "react-router";

/**
 * Who may do what in the admin: the one permission matrix (decision 100). The admin layout's guard,
 * every admin route and every admin API call ask here; the navigation and the screens ask the same
 * question to show only what a role may use. Nothing else decides.
 *
 * - A permission is `entity:action`, one line each, naming the roles that hold it.
 * - A screen (an admin URL) names the permission each method needs, one line each (`ADMIN_PAGES`).
 * - An API call names its permission in its own contract (`app/routes/api/*`, decision 182); the API
 *   part of the table is made from the route table and those contracts (`apiPermissions` in
 *   ~/routes/api/calls.server), and the guard reads the call's own.
 * A URL or call with no permission is refused to everyone (deny by default), and
 * `permissions.server.test.ts` walks `app/routes.ts` so a new route without one fails the tests.
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
  /** An NFC run's keys, in its encoder's file (issue 41): owners only, never a key. */
  "batches:keys": owners,
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
  "/admin/dashboard/batches/:id/nfc.csv": { GET: "batches:keys" },
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
