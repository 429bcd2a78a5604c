import { overviewJsonSchema } from "~/admin/json";
import { batchJsonSchema } from "~/batches/json";
import { createBatchSchema, labelSheetSchema, recallSchema, revokeBatchSchema, batchListQuery } from "~/batches/schemas";
import { analyticsJsonSchema } from "~/analytics/json";
import { overviewQuerySchema } from "~/analytics/schemas";
import { reportJsonSchema } from "~/reports/json";
import { reportListSchema, reportSchema, reportStatusSchema } from "~/reports/schemas";
import { alertDetailJsonSchema, alertJsonSchema } from "~/alerts/json";
import { alertListSchema, alertStatusSchema } from "~/alerts/schemas";
import { scanJsonSchema } from "~/scans/json";
import { pageQuerySchema, scanFiltersSchema } from "~/scans/schemas";
import { checkAnswerSchema, codeCountsSchema, codeJsonSchema, packJsonSchema } from "~/verification/json";
import { codeListQuery, createCodeSchema, pinSchema, verifySchema } from "~/verification/schemas";
import { contactJsonSchema } from "~/contact/json";
import { contactSchema } from "~/contact/schemas";
import { adminJsonSchema } from "~/team/json";
import { createAdminSchema, updateAdminSchema } from "~/team/schemas";
import { mfaRequiredJsonSchema, passwordChangedJsonSchema, refreshedJsonSchema, signedInJsonSchema } from "~/auth/json";
import { keyJsonSchema, keyListJsonSchema } from "~/auth/keys/json";
import { createKeySchema } from "~/auth/keys/schemas";
import { registeredJsonSchema, registrationJsonSchema } from "~/registrations/json";
import { registrationListSchema, registrationSchema } from "~/registrations/schemas";
import { deliveryJsonSchema, environmentWebhookJsonSchema, webhookJsonSchema } from "~/webhooks/json";
import { createWebhookSchema, updateWebhookSchema } from "~/webhooks/schemas";
import { loginSchema, mfaSchema, passwordChangeSchema, refreshTokenSchema } from "~/auth/schemas";
import { auditListEntryJsonSchema } from "~/audit/json";
import { auditFiltersSchema } from "~/audit/schemas";
import { categoryJsonSchema, productJsonSchema } from "~/catalog/json";
import { categoryNames } from "~/catalog/types";
import { fixedT } from "~/i18n/i18n.server";
import { z } from "~/lib/zod";

/**
 * Every call under /api/v1 as the OpenAPI document describes it (decision 157): its route pattern (as
 * in app/routes.ts), method, input schemas (the very zod schemas the route validates with, in English)
 * and answers (the zod shapes next to the features' JSON builders). `document.server.ts` turns this
 * table into the document; app/openapi/document.server.test.ts fails for a route of app/routes.ts
 * missing here, and every answer the API suites see is validated against it.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** A success answer: the envelope around `data` (with `pagination` when `paged`), or a file. */
type Success =
  | { status: number; data: z.ZodType; paged?: boolean; description: string }
  | { status: number; file: string; description: string }
  | { status: number; document: true; description: string };

export type Operation = {
  /** The route's pattern in app/routes.ts, without the leading slash (`api/v1/codes/expire/:codeId`). */
  pattern: string;
  method: Method;
  tag: string;
  summary: string;
  description?: string;
  /** The query's zod schema (as the route's `readQuery` gets it). */
  query?: z.ZodObject;
  /** The body's zod schema (as the route's `readBody` gets it). */
  body?: z.ZodType;
  /** The body may also be multipart/form-data (a file field). */
  multipart?: boolean;
  success: Success[];
  /** The statuses of its failures besides those every call of its kind has (see document.server.ts). */
  errors: number[];
  /** A public call that refuses past a per-client limit (429). */
  limited?: boolean;
  /** Cache-Control of its success, when not `no-store`. */
  cache?: string;
};

const ok = (data: z.ZodType, description = "Done.", status = 200): Success => ({ status, data, description });
const paged = (data: z.ZodType, description = "One page of the list, newest first."): Success => ({ status: 200, data, paged: true, description });
const file = (contentType: string, description: string): Success => ({ status: 200, file: contentType, description });

const batch = z.object({ batch: batchJsonSchema });

/** The table, in the order of app/routes.ts. */
export function operations(): Operation[] {
  const t = {
    auth: fixedT("en", "auth"),
    admin: fixedT("en", "admin"),
    batches: fixedT("en", "batches"),
    protection: fixedT("en", "protection"),
    team: fixedT("en", "team"),
    keys: fixedT("en", "keys"),
    audit: fixedT("en", "audit"),
    verify: fixedT("en", "verify"),
    contact: fixedT("en", "contact"),
    report: fixedT("en", "report"),
    webhooks: fixedT("en", "webhooks"),
    registrations: fixedT("en", "registrations"),
  };
  return [
    {
      pattern: "api/v1/products",
      method: "get",
      tag: "Catalogue",
      summary: "List products",
      description: "The catalogue. `?category=` narrows it to one category; `?include=categories` answers `{products, categories}` instead of the list.",
      query: z.object({ category: z.enum(categoryNames).optional(), include: z.enum(["categories"]).optional() }),
      success: [ok(z.union([z.array(productJsonSchema), z.object({ products: z.array(productJsonSchema), categories: z.array(categoryJsonSchema) })]), "The products (with `include=categories`, products and categories).")],
      errors: [400],
      cache: "public, max-age=300",
    },
    {
      pattern: "api/v1/users/login",
      method: "post",
      tag: "Sign-in",
      summary: "Sign in",
      description: "A token pair for `Authorization: Bearer <access_token>`; with two-factor on, the step to complete at `POST /api/v1/users/login/mfa/`. 401 one generic message; 429 past the limits.",
      body: loginSchema(t.auth),
      success: [ok(z.union([signedInJsonSchema, mfaRequiredJsonSchema]), "Signed in, or the second step is due.")],
      errors: [401, 423],
      limited: true,
    },
    {
      pattern: "api/v1/users/logout",
      method: "post",
      tag: "Sign-in",
      summary: "Sign out",
      description: "Revokes the session of the refresh token on the server.",
      body: refreshTokenSchema,
      success: [ok(z.null(), "Signed out.")],
      errors: [401],
    },
    {
      pattern: "api/v1/users/login/mfa",
      method: "post",
      tag: "Sign-in",
      summary: "Complete a two-factor sign-in",
      description: "401 `invalid_code` (counted by the limits) or `invalid_mfa_token`; 423 `second_step_locked` until an owner unlocks it.",
      body: mfaSchema(t.auth),
      success: [ok(signedInJsonSchema, "Signed in.")],
      errors: [401, 423],
      limited: true,
    },
    {
      pattern: "api/v1/users/token/refresh",
      method: "post",
      tag: "Sign-in",
      summary: "Refresh the access token",
      description: "The presented refresh token is used up (rotation). Again within 10 s from the same client: a new access token only; otherwise the whole session ends (401 `token_reused`).",
      body: refreshTokenSchema,
      success: [ok(refreshedJsonSchema, "A new token pair.")],
      errors: [401],
    },
    {
      pattern: "api/v1/codes/list",
      method: "get",
      tag: "Codes",
      summary: "List codes",
      description: "Active or expired codes, narrowed to a print run (`batch`, 404 when unknown) or one exact code. Active codes are masked for a role without `codes:export`; read in full they count against `CODE_READ_RATE_LIMIT` (429).",
      query: codeListQuery,
      success: [paged(z.object({ codes: z.array(codeJsonSchema), counts: codeCountsSchema }))],
      errors: [400, 404],
    },
    {
      pattern: "api/v1/codes/create",
      method: "post",
      tag: "Codes",
      summary: "Create a code",
      body: createCodeSchema(t.admin),
      success: [ok(codeJsonSchema, "The code, created.", 201)],
      errors: [400, 409],
    },
    ...(["put", "patch"] as const).map(
      (method): Operation => ({
        pattern: "api/v1/codes/expire/:codeId",
        method,
        tag: "Codes",
        summary: method === "put" ? "Expire a code" : "Expire a code (PATCH)",
        success: [ok(codeJsonSchema, "The code, expired.")],
        errors: [404, 409],
      }),
    ),
    {
      pattern: "api/v1/codes/delete/:codeId",
      method: "delete",
      tag: "Codes",
      summary: "Delete a code",
      description: "Only a code that is no longer active (409 otherwise).",
      success: [ok(codeJsonSchema, "The code, deleted.")],
      errors: [404, 409],
    },
    {
      pattern: "api/v1/batches/list",
      method: "get",
      tag: "Print runs",
      summary: "List print runs",
      query: batchListQuery,
      success: [paged(z.object({ batches: z.array(batchJsonSchema) }))],
      errors: [400],
    },
    {
      pattern: "api/v1/batches/create",
      method: "post",
      tag: "Print runs",
      summary: "Create a print run",
      description: "Issues `quantity` codes (or two-part packs) at once; nothing is made on bad input.",
      body: createBatchSchema(t.batches),
      success: [ok(batch, "The run, created.", 201)],
      errors: [400],
    },
    {
      pattern: "api/v1/batches/revoke/:batchId",
      method: "post",
      tag: "Print runs",
      summary: "Revoke a print run",
      body: revokeBatchSchema(t.batches),
      success: [ok(batch, "The run, revoked.")],
      errors: [400, 404, 409],
    },
    { pattern: "api/v1/batches/:batchId", method: "get", tag: "Print runs", summary: "Get a print run", success: [ok(batch, "The run.")], errors: [404] },
    { pattern: "api/v1/batches/:batchId/codes.csv", method: "get", tag: "Print runs", summary: "Download a run's codes (CSV)", success: [file("text/csv", "The printer's CSV, streamed.")], errors: [400, 404, 409] },
    {
      pattern: "api/v1/batches/:batchId/labels.pdf",
      method: "get",
      tag: "Print runs",
      summary: "Download a run's label sheets (PDF)",
      query: labelSheetSchema(t.batches),
      success: [file("application/pdf", "A4 label sheets, streamed.")],
      errors: [400, 404, 409],
    },
    { pattern: "api/v1/batches/:batchId/labels.zip", method: "get", tag: "Print runs", summary: "Download a run's labels (ZIP)", success: [file("application/zip", "One label per code, streamed.")], errors: [400, 404, 409] },
    {
      pattern: "api/v1/batches/:batchId/recall",
      method: "post",
      tag: "Print runs",
      summary: "Recall a print run",
      description: "201 when the run is recalled, 200 when its open recall is updated (decision 153).",
      body: recallSchema(t.batches),
      success: [ok(batch, "The run, recalled.", 201), ok(batch, "The run's open recall, updated.")],
      errors: [400, 404, 409],
    },
    { pattern: "api/v1/batches/:batchId/recall/lift", method: "post", tag: "Print runs", summary: "Lift a run's recall", success: [ok(batch, "The run, its recall lifted.")], errors: [404, 409] },
    {
      pattern: "api/v1/general/contact/list",
      method: "get",
      tag: "Contact",
      summary: "List contact messages",
      query: z.object({ page: pageQuerySchema.shape.page }),
      success: [paged(z.array(contactJsonSchema))],
      errors: [400],
    },
    { pattern: "api/v1/general/dashboard/overview", method: "get", tag: "Analytics", summary: "Dashboard figures", success: [ok(overviewJsonSchema, "The dashboard's figures.")], errors: [] },
    {
      pattern: "api/v1/users/password",
      method: "post",
      tag: "Sign-in",
      summary: "Change your password",
      description: "Ends every other session of the member. Open also while a new password is due.",
      body: passwordChangeSchema(t.auth),
      success: [ok(passwordChangedJsonSchema, "Changed.")],
      errors: [400],
    },
    { pattern: "api/v1/admins/list", method: "get", tag: "Team", summary: "List members", query: z.object({ page: pageQuerySchema.shape.page }), success: [paged(z.object({ admins: z.array(adminJsonSchema) }))], errors: [400] },
    {
      pattern: "api/v1/admins/create",
      method: "post",
      tag: "Team",
      summary: "Add a member",
      description: "With a password, the member's temporary one; without, a one-time invitation link valid 24 hours, answered once.",
      body: createAdminSchema(t.team),
      success: [ok(
          z.object({
            admin: adminJsonSchema,
            invitation_url: z.string().optional().describe("The one-time invitation link (24 hours) when no password was given; answered once."),
            invitation_mailed_to: z.string().nullable().optional().describe("With an invitation link: the address it was mailed to, or null when the member has none."),
          }),
          "The member, added.",
          201,
        )],
      errors: [400, 409],
    },
    {
      pattern: "api/v1/admins/:adminId",
      method: "patch",
      tag: "Team",
      summary: "Change a member",
      description: "Disabling ends the member's sessions; `mfa_locked: false` lifts a second-step lock. 409 `last_owner` or `cannot_disable_self`.",
      body: updateAdminSchema(t.team),
      success: [ok(z.object({ admin: adminJsonSchema }), "The member, changed.")],
      errors: [400, 404, 409],
    },
    { pattern: "api/v1/audit/list", method: "get", tag: "Audit", summary: "Read the audit trail", query: auditFiltersSchema(t.audit), success: [paged(z.object({ entries: z.array(auditListEntryJsonSchema) }))], errors: [400] },
    { pattern: "api/v1/keys/list", method: "get", tag: "API keys", summary: "List API keys", query: z.object({ page: pageQuerySchema.shape.page }), success: [paged(z.object({ keys: z.array(keyListJsonSchema) }))], errors: [400] },
    {
      pattern: "api/v1/keys/create",
      method: "post",
      tag: "API keys",
      summary: "Create an API key",
      description: "The secret (`lk_…`) is in this answer only.",
      body: createKeySchema(t.keys),
      success: [ok(z.object({ key: keyJsonSchema, secret: z.string() }), "The key and its secret, shown once.", 201)],
      errors: [400],
    },
    { pattern: "api/v1/keys/:keyId/revoke", method: "post", tag: "API keys", summary: "Revoke an API key", success: [ok(z.object({ key: keyListJsonSchema }), "The key, revoked.")], errors: [404, 409] },
    {
      pattern: "api/v1/registrations/create",
      method: "post",
      tag: "Registrations",
      summary: "Sign up for a product's safety notices",
      description:
        "After a genuine check (`scan_id` from the verify or redeem answer), with `consent: true`. Double opt-in: a confirmation link is mailed. 400 for no consent, a malformed e-mail or language, an unknown scan or a result that was not genuine (nothing stored).",
      body: registrationSchema(t.registrations, "en"),
      success: [ok(registeredJsonSchema, "Pending until the mailed link is opened.", 201)],
      errors: [400],
      limited: true,
    },
    {
      pattern: "api/v1/registrations/list",
      method: "get",
      tag: "Registrations",
      summary: "List registered buyers (owners)",
      query: registrationListSchema(t.registrations),
      success: [paged(z.object({ registrations: z.array(registrationJsonSchema) }))],
      errors: [400],
    },
    {
      pattern: "api/v1/webhooks/list",
      method: "get",
      tag: "Webhooks",
      summary: "List webhook endpoints",
      description: "The managed endpoints (never a secret) and, as `environment`, the one `ALERT_WEBHOOK_URL` defines (read-only; null when unset).",
      query: z.object({ page: pageQuerySchema.shape.page }),
      success: [paged(z.object({ webhooks: z.array(webhookJsonSchema), environment: environmentWebhookJsonSchema }))],
      errors: [400],
    },
    {
      pattern: "api/v1/webhooks/create",
      method: "post",
      tag: "Webhooks",
      summary: "Add a webhook endpoint",
      description: "An `https` URL whose every address is public (unless the server allows otherwise), and the events it takes. The signing secret is in this answer only.",
      body: createWebhookSchema(t.webhooks),
      success: [ok(z.object({ webhook: webhookJsonSchema, secret: z.string() }), "The endpoint and its secret, shown once.", 201)],
      errors: [400],
    },
    {
      pattern: "api/v1/webhooks/:webhookId",
      method: "patch",
      tag: "Webhooks",
      summary: "Change a webhook endpoint",
      description: "Its URL, events or whether it is enabled.",
      body: updateWebhookSchema(t.webhooks),
      success: [ok(z.object({ webhook: webhookJsonSchema }), "The endpoint, changed.")],
      errors: [400, 404],
    },
    {
      pattern: "api/v1/webhooks/:webhookId/test",
      method: "post",
      tag: "Webhooks",
      summary: "Send a test event",
      description: "Queues a `ping` to the endpoint (enabled or not); the delivery log shows how it went.",
      success: [ok(z.object({ delivery: deliveryJsonSchema }), "The queued delivery.", 202)],
      errors: [404],
    },
    {
      pattern: "api/v1/webhooks/:webhookId/rotate",
      method: "post",
      tag: "Webhooks",
      summary: "Rotate an endpoint's secret",
      description: "A new secret, in this answer only; for 24 hours both the new and the previous secret sign (two `v1=` in `X-Webhook-Signature`).",
      success: [ok(z.object({ webhook: webhookJsonSchema, secret: z.string() }), "The endpoint and its new secret, shown once.")],
      errors: [404],
    },
    {
      pattern: "api/v1/webhooks/:webhookId/deliveries",
      method: "get",
      tag: "Webhooks",
      summary: "An endpoint's delivery log",
      query: z.object({ page: pageQuerySchema.shape.page }),
      success: [paged(z.object({ deliveries: z.array(deliveryJsonSchema) }))],
      errors: [400, 404],
    },
    {
      pattern: "api/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver",
      method: "post",
      tag: "Webhooks",
      summary: "Redeliver an event",
      description: "A new delivery of the same event (same `event_id` and body, its own delivery id).",
      success: [ok(z.object({ delivery: deliveryJsonSchema }), "The queued delivery.", 202)],
      errors: [404],
    },
    {
      pattern: "api/v1/scans/list",
      method: "get",
      tag: "Scans",
      summary: "Read the scan log",
      query: scanFiltersSchema(t.protection).extend({ page: pageQuerySchema.shape.page }),
      success: [paged(z.object({ scans: z.array(scanJsonSchema) }))],
      errors: [400],
    },
    { pattern: "api/v1/scans/export.csv", method: "get", tag: "Scans", summary: "Download the scan log (CSV)", query: scanFiltersSchema(t.protection), success: [file("text/csv", "The filtered log, streamed.")], errors: [400] },
    { pattern: "api/v1/analytics/overview", method: "get", tag: "Analytics", summary: "Checks per day and rankings", query: overviewQuerySchema(t.protection), success: [ok(analyticsJsonSchema, "The overview.")], errors: [400] },
    { pattern: "api/v1/alerts/list", method: "get", tag: "Alerts", summary: "List alerts", query: alertListSchema(t.protection), success: [paged(z.object({ alerts: z.array(alertJsonSchema) }), "One page of alerts, most recently active first.")], errors: [400] },
    {
      pattern: "api/v1/alerts/:alertId/status",
      method: "post",
      tag: "Alerts",
      summary: "Move an alert along",
      description: "open → acknowledged → closed; 409 for a move that is not allowed.",
      body: alertStatusSchema(t.protection),
      success: [ok(z.object({ alert: alertDetailJsonSchema }), "The alert.")],
      errors: [400, 404, 409],
    },
    { pattern: "api/v1/reports/list", method: "get", tag: "Reports", summary: "List counterfeit reports", query: reportListSchema(t.protection), success: [paged(z.object({ reports: z.array(reportJsonSchema) }))], errors: [400] },
    {
      pattern: "api/v1/reports/:reportId/status",
      method: "post",
      tag: "Reports",
      summary: "Change a report's status",
      body: reportStatusSchema(t.protection),
      success: [ok(z.object({ report: reportJsonSchema }), "The report.")],
      errors: [400, 404, 409],
    },
    {
      pattern: "api/v1/codes/verify",
      method: "post",
      tag: "Verification",
      summary: "Check a code",
      description: "The verify page's check. 200 with `is_valid` for every checked code: a counterfeit is an answer, not an error. Messages follow the request's language.",
      body: verifySchema(t.verify),
      success: [ok(checkAnswerSchema, "The check's outcome.")],
      errors: [400],
      limited: true,
    },
    { pattern: "api/v1/packs/:serial", method: "get", tag: "Verification", summary: "A pack's public state", description: "Consumes nothing; logged as a view (decision 146).", success: [ok(z.object({ pack: packJsonSchema }), "The pack.")], errors: [404], limited: true },
    {
      pattern: "api/v1/packs/:serial/redeem",
      method: "post",
      tag: "Verification",
      summary: "Redeem a pack's PIN",
      description: "Answered as a code's check: `is_valid: true` for the one redemption that wins; `is_valid: false` for a wrong PIN, a redeemed or revoked pack, an unknown serial.",
      body: pinSchema(t.verify),
      success: [ok(checkAnswerSchema, "The redemption's outcome.")],
      errors: [400],
      limited: true,
    },
    {
      pattern: "api/v1/general/contact/create",
      method: "post",
      tag: "Contact",
      summary: "Send a contact message",
      body: contactSchema(t.contact),
      success: [ok(contactJsonSchema, "The message, stored.", 201)],
      errors: [400],
      limited: true,
    },
    {
      pattern: "api/v1/reports/create",
      method: "post",
      tag: "Reports",
      summary: "Report a counterfeit",
      description: "JSON, or multipart/form-data with the photo as a file field (JPEG, PNG or WebP, at most 5 MB and 16 megapixels). 404 unknown scan, 409 a genuine result, 503 when too many photos wait to be decoded.",
      body: reportSchema(t.report, { requireConsent: false }),
      multipart: true,
      success: [ok(z.object({ reference: z.string() }), "The report's reference.", 201)],
      errors: [400, 404, 409],
      limited: true,
    },
    {
      pattern: "api/v1/openapi.json",
      method: "get",
      tag: "Reference",
      summary: "This document",
      description: "The OpenAPI 3.1 document itself (not in the envelope). Its reference page is /api/docs.",
      success: [{ status: 200, document: true, description: "The OpenAPI document." }],
      errors: [],
      cache: "public, max-age=300",
    },
  ];
}
