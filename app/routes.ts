import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { API_PREFIX, API_ROUTES } from "./routes/api/route-table.server";

export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The GS1-Conformant resolver's description file (decision 190).
  route(".well-known/gs1resolver", "routes/well-known-gs1resolver.ts"),

  // The JSON API: every call's path and module in one table (decision 182).
  ...prefix(API_PREFIX, API_ROUTES.map(({ path, file }) => route(path, file))),
  // The API's reference page and its renderer (decision 157).
  route("api/docs/scalar.js", "routes/api/docs-scalar.ts"),
  // Any other API URL: a 404 envelope.
  route("api/*", "routes/api/not-found.ts"),

  route("admin", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/session", "routes/admin/session.ts"),
  route("admin/invitation/:token", "routes/admin/invitation.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password/:token", "routes/admin/reset-password.tsx"),
  route("admin/sign-in-link/:token", "routes/admin/sign-in-link.tsx"),
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
      route("admin/dashboard/batches/:id/nfc.csv", "routes/admin/batch-export.ts", { id: "batch-nfc" }),
      route("admin/dashboard/batches/:id/registrations.csv", "routes/admin/batch-registrations.ts"),
      route("admin/dashboard/scans", "routes/admin/scans.tsx"),
      route("admin/dashboard/scans/export.csv", "routes/admin/scans-export.ts"),
      route("admin/dashboard/alerts", "routes/admin/alerts.tsx"),
      route("admin/dashboard/alerts/:alertId", "routes/admin/alert.tsx"),
      route("admin/dashboard/reports", "routes/admin/reports.tsx"),
      route("admin/dashboard/reports/:reportId", "routes/admin/report.tsx"),
      route("admin/dashboard/reports/:reportId/photo", "routes/admin/report-photo.ts"),
      route("admin/dashboard/team", "routes/admin/team.tsx"),
      route("admin/dashboard/audit", "routes/admin/audit.tsx"),
      route("admin/dashboard/audit/export.csv", "routes/admin/audit-export.ts"),
      route("admin/dashboard/keys", "routes/admin/keys.tsx"),
      route("admin/dashboard/webhooks", "routes/admin/webhooks.tsx"),
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
    route("verify/result/:scanId/report", "routes/report.tsx"),
    // Registered buyers (decision 162): the pages a sign-up and its mails lead to.
    route("registrations/check-inbox", "routes/registration-done.tsx", { id: "registrations-check-inbox" }),
    route("registrations/confirmed", "routes/registration-done.tsx", { id: "registrations-confirmed" }),
    route("registrations/unsubscribed", "routes/registration-done.tsx", { id: "registrations-unsubscribed" }),
    route("registrations/confirm/:token", "routes/registration-confirm.tsx"),
    route("registrations/unsubscribe/:token", "routes/registration-unsubscribe.tsx"),
    // GS1 Digital Link URIs on the brand's domain (issue 27): a pack's QR code, a product's GTIN.
    route("01/:gtin/10/:lot/21/:serial", "routes/pack.tsx"),
    route("01/:gtin", "routes/gtin.tsx", { id: "gtin" }),
    route("01/:gtin/10/:lot", "routes/gtin.tsx", { id: "gtin-lot" }),
    // Every other shape under /01/: GS1's grammar, a variant, a serial without its lot (decision 190).
    route("01/*", "routes/digital-link.tsx"),
    // A lot's recall status, for people and (?format=json) for machines: where gs1:recallStatus leads.
    route("recalls/01/:gtin/10/:lot", "routes/recall-status.tsx"),
    // An NFC tag's tap, once recorded (issue 41).
    route("tap/:scanId", "routes/tap.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("api/docs", "routes/api-docs.tsx"),
    // Any other URL: the not-found page with status 404 (also keeps the i18n middleware in front of it).
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
