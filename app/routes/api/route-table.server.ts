/**
 * The API's route table: every call under /api/v1, its path and the module that answers it, the one
 * place an API path is written (decision 182). app/routes.ts mounts it; each module declares its
 * contract (methods, permission, request schemas, answers: ~/platform/http/contract), and the OpenAPI
 * document and the API part of the permission table are made from this table and those contracts
 * (~/routes/api/calls.server).
 */
export const API_PREFIX = "api/v1";

export type ApiRoute = { path: string; file: string };

/** In the order the OpenAPI document lists them. */
export const API_ROUTES: readonly ApiRoute[] = [
  { path: "products", file: "routes/api/products.ts" },
  { path: "users/login", file: "routes/api/users-login.ts" },
  { path: "users/logout", file: "routes/api/users-logout.ts" },
  { path: "users/login/mfa", file: "routes/api/users-login-mfa.ts" },
  { path: "users/token/refresh", file: "routes/api/users-token-refresh.ts" },
  { path: "codes/list", file: "routes/api/codes-list.ts" },
  { path: "codes/create", file: "routes/api/codes-create.ts" },
  { path: "codes/expire/:codeId", file: "routes/api/codes-expire.ts" },
  { path: "codes/delete/:codeId", file: "routes/api/codes-delete.ts" },
  { path: "batches/list", file: "routes/api/batches-list.ts" },
  { path: "batches/create", file: "routes/api/batches-create.ts" },
  { path: "batches/revoke/:batchId", file: "routes/api/batches-revoke.ts" },
  { path: "batches/:batchId", file: "routes/api/batches-get.ts" },
  { path: "batches/:batchId/codes.csv", file: "routes/api/batches-codes-csv.ts" },
  { path: "batches/:batchId/labels.pdf", file: "routes/api/batches-labels-pdf.ts" },
  { path: "batches/:batchId/labels.zip", file: "routes/api/batches-labels-zip.ts" },
  { path: "batches/:batchId/nfc.csv", file: "routes/api/batches-nfc-csv.ts" },
  { path: "batches/:batchId/recall", file: "routes/api/batches-recall.ts" },
  { path: "batches/:batchId/recall/lift", file: "routes/api/batches-recall-lift.ts" },
  { path: "general/contact/list", file: "routes/api/contact-list.ts" },
  { path: "general/dashboard/overview", file: "routes/api/dashboard-overview.ts" },
  { path: "users/password", file: "routes/api/users-password.ts" },
  { path: "admins/list", file: "routes/api/admins-list.ts" },
  { path: "admins/create", file: "routes/api/admins-create.ts" },
  { path: "admins/:adminId", file: "routes/api/admins-update.ts" },
  { path: "audit/list", file: "routes/api/audit-list.ts" },
  { path: "keys/list", file: "routes/api/keys-list.ts" },
  { path: "keys/create", file: "routes/api/keys-create.ts" },
  { path: "keys/:keyId/revoke", file: "routes/api/keys-revoke.ts" },
  { path: "registrations/create", file: "routes/api/registrations-create.ts" },
  { path: "registrations/list", file: "routes/api/registrations-list.ts" },
  { path: "webhooks/list", file: "routes/api/webhooks-list.ts" },
  { path: "webhooks/create", file: "routes/api/webhooks-create.ts" },
  { path: "webhooks/:webhookId", file: "routes/api/webhooks-update.ts" },
  { path: "webhooks/:webhookId/test", file: "routes/api/webhooks-test.ts" },
  { path: "webhooks/:webhookId/rotate", file: "routes/api/webhooks-rotate.ts" },
  { path: "webhooks/:webhookId/deliveries", file: "routes/api/webhooks-deliveries.ts" },
  { path: "webhooks/:webhookId/deliveries/:deliveryId/redeliver", file: "routes/api/webhooks-redeliver.ts" },
  { path: "scans/list", file: "routes/api/scans-list.ts" },
  { path: "scans/export.csv", file: "routes/api/scans-export.ts" },
  { path: "analytics/overview", file: "routes/api/analytics-overview.ts" },
  { path: "alerts/list", file: "routes/api/alerts-list.ts" },
  { path: "alerts/:alertId/status", file: "routes/api/alerts-status.ts" },
  { path: "reports/list", file: "routes/api/reports-list.ts" },
  { path: "reports/:reportId/status", file: "routes/api/reports-status.ts" },
  { path: "codes/verify", file: "routes/api/codes-verify.ts" },
  { path: "packs/:serial", file: "routes/api/packs-get.ts" },
  { path: "packs/:serial/redeem", file: "routes/api/packs-redeem.ts" },
  { path: "nfc/verify", file: "routes/api/nfc-verify.ts" },
  { path: "general/contact/create", file: "routes/api/contact-create.ts" },
  { path: "reports/create", file: "routes/api/reports-create.ts" },
  { path: "openapi.json", file: "routes/api/openapi.ts" },
];
