import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  ...prefix("api/v1", [
    route("products", "routes/api/products.ts"),
    route("users/login", "routes/api/users-login.ts"),
    route("users/logout", "routes/api/users-logout.ts"),
    route("users/token/refresh", "routes/api/users-token-refresh.ts"),
    // Admin API (bearer token on every call).
    route("codes/list", "routes/api/codes-list.ts"),
    route("codes/create", "routes/api/codes-create.ts"),
    route("codes/expire/:codeId", "routes/api/codes-expire.ts"),
    route("codes/delete/:codeId", "routes/api/codes-delete.ts"),
    route("general/contact/list", "routes/api/contact-list.ts"),
    route("general/dashboard/overview", "routes/api/dashboard-overview.ts"),
    route("scans/list", "routes/api/scans-list.ts"),
    route("scans/export.csv", "routes/api/scans-export.ts"),
    route("analytics/overview", "routes/api/analytics-overview.ts"),
    route("alerts/list", "routes/api/alerts-list.ts"),
    route("alerts/:alertId/status", "routes/api/alerts-status.ts"),
    route("reports/list", "routes/api/reports-list.ts"),
    route("reports/:reportId/status", "routes/api/reports-status.ts"),
    route("codes/verify", "routes/api/codes-verify.ts"),
    route("general/contact/create", "routes/api/contact-create.ts"),
    route("reports/create", "routes/api/reports-create.ts"),
  ]),
  // Any other API URL: a 404 envelope.
  route("api/*", "routes/api/not-found.ts"),

  route("admin", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/session", "routes/admin/session.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/dashboard/codes", "routes/admin/codes.tsx"),
    route("admin/dashboard/contacts", "routes/admin/contacts.tsx"),
    route("admin/dashboard/codes/:id/qr.svg", "routes/admin/code-qr.ts"),
    route("admin/dashboard/scans", "routes/admin/scans.tsx"),
    route("admin/dashboard/scans/export.csv", "routes/admin/scans-export.ts"),
    route("admin/dashboard/alerts", "routes/admin/alerts.tsx"),
    route("admin/dashboard/alerts/:alertId", "routes/admin/alert.tsx"),
    route("admin/dashboard/reports", "routes/admin/reports.tsx"),
    route("admin/dashboard/reports/:reportId", "routes/admin/report.tsx"),
    route("admin/dashboard/reports/:reportId/photo", "routes/admin/report-photo.ts"),
  ]),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx", { id: "products" }),
    route("products/:category", "routes/products.tsx", { id: "products-category" }),
    route("product/:id?", "routes/product.tsx"),
    route("contact", "routes/contact.tsx"),
    route("verify", "routes/verify.tsx"),
    route("verify/result/:scanId", "routes/verify-result.tsx"),
    route("verify/result/:scanId/report", "routes/report.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    // Any other URL: the not-found page with status 404 (also keeps the i18n middleware in front of it).
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
