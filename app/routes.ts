import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  ...prefix("api/v1", [
    route("products", "routes/api/products.ts"),
    route("users/login", "routes/api/users-login.ts"),
    route("users/logout", "routes/api/users-logout.ts"),
    route("users/login/mfa", "routes/api/users-login-mfa.ts"),
    route("users/token/refresh", "routes/api/users-token-refresh.ts"),
    // Admin API (bearer token on every call).
    route("codes/list", "routes/api/codes-list.ts"),
    route("codes/create", "routes/api/codes-create.ts"),
    route("codes/expire/:codeId", "routes/api/codes-expire.ts"),
    route("codes/delete/:codeId", "routes/api/codes-delete.ts"),
    route("batches/list", "routes/api/batches-list.ts"),
    route("batches/create", "routes/api/batches-create.ts"),
    route("batches/revoke/:batchId", "routes/api/batches-revoke.ts"),
    route("batches/:batchId", "routes/api/batches-get.ts"),
    route("batches/:batchId/codes.csv", "routes/api/batches-export.ts", { id: "api-batch-csv" }),
    route("batches/:batchId/labels.pdf", "routes/api/batches-export.ts", { id: "api-batch-pdf" }),
    route("batches/:batchId/labels.zip", "routes/api/batches-export.ts", { id: "api-batch-zip" }),
    route("general/contact/list", "routes/api/contact-list.ts"),
    route("general/dashboard/overview", "routes/api/dashboard-overview.ts"),
    route("users/password", "routes/api/users-password.ts"),
    route("admins/list", "routes/api/admins-list.ts"),
    route("admins/create", "routes/api/admins-create.ts"),
    route("admins/:adminId", "routes/api/admins-update.ts"),
    route("audit/list", "routes/api/audit-list.ts"),
    route("codes/verify", "routes/api/codes-verify.ts"),
    route("general/contact/create", "routes/api/contact-create.ts"),
  ]),
  // Any other API URL: a 404 envelope.
  route("api/*", "routes/api/not-found.ts"),

  route("admin", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/session", "routes/admin/session.ts"),
  route("admin/invitation/:token", "routes/admin/invitation.tsx"),
  layout("routes/admin/layout.tsx", [
    // Every admin page sits inside the frame's own error boundary (a refusal keeps the admin's frame).
    layout("routes/admin/pages.tsx", [
      route("admin/dashboard", "routes/admin/dashboard.tsx"),
      route("admin/dashboard/codes", "routes/admin/codes.tsx"),
      route("admin/dashboard/contacts", "routes/admin/contacts.tsx"),
      route("admin/dashboard/codes/:id/qr.svg", "routes/admin/code-qr.ts"),
      route("admin/dashboard/batches", "routes/admin/batches.tsx"),
      route("admin/dashboard/batches/:id", "routes/admin/batch.tsx"),
      route("admin/dashboard/batches/:id/codes.csv", "routes/admin/batch-export.ts", { id: "batch-csv" }),
      route("admin/dashboard/batches/:id/labels.pdf", "routes/admin/batch-export.ts", { id: "batch-pdf" }),
      route("admin/dashboard/batches/:id/labels.zip", "routes/admin/batch-export.ts", { id: "batch-zip" }),
      route("admin/dashboard/team", "routes/admin/team.tsx"),
      route("admin/dashboard/audit", "routes/admin/audit.tsx"),
      route("admin/dashboard/audit/export.csv", "routes/admin/audit-export.ts"),
      route("admin/dashboard/account", "routes/admin/account.tsx"),
    ]),
  ]),

  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx", { id: "products" }),
    route("products/:category", "routes/products.tsx", { id: "products-category" }),
    route("product/:id?", "routes/product.tsx"),
    route("contact", "routes/contact.tsx"),
    route("verify", "routes/verify.tsx"),
    route("verify/result/:scanId", "routes/verify-result.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    // Any other URL: the not-found page with status 404 (also keeps the i18n middleware in front of it).
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
