import { MATRIX, scopeFor, SCOPES, KEY_SCOPES } from "~/platform/access/permissions";
import { fixedT } from "~/platform/i18n/i18n.server";
import { brand } from "~/platform/lib/env.server";
import { z } from "~/platform/lib/zod";
import type { ApiCall, EnglishT } from "~/platform/http/contract";

/**
 * The OpenAPI 3.1 document of every /api/v1 call (decisions 157, 182), built from the route table and
 * the contracts its modules declare (app/routes/api/calls.server.ts hands them over and keeps the result): inputs by zod's JSON Schema output of the schemas the routes
 * validate with (made with an English `t`), answers in the envelope `{status_code, message, data,
 * error}`, security from the permission each call names (a bearer token of a member, or an API key with
 * the scope of that permission).
 */

type Json = Record<string, unknown>;

/** A call with its request schemas made (in English). */
type Operation = Omit<ApiCall, "query" | "body"> & { query?: z.ZodObject; body?: z.ZodType };

const english: EnglishT = (namespace) => fixedT("en", namespace);
const made = <S>(schema: S | ((t: EnglishT) => S) | undefined): S | undefined => (typeof schema === "function" ? (schema as (t: EnglishT) => S)(english) : schema);

/** `api/v1/codes/expire/:codeId` → `/api/v1/codes/expire/{codeId}/` (a file's URL keeps no trailing slash). */
export function openApiPath(pattern: string): string {
  const path = `/${pattern.replace(/:([A-Za-z]+)/g, "{$1}")}`;
  return /\.[a-z]+$/.test(path) ? path : `${path}/`;
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  delete out.$schema;
  return out;
}

const envelope = (data: Json, paged: boolean): Json => ({
  type: "object",
  required: ["status_code", "message", "data", "error", ...(paged ? ["pagination"] : [])],
  properties: {
    status_code: { const: 6000 },
    message: { type: "string", description: "What happened, in the request's language." },
    data,
    ...(paged ? { pagination: { $ref: "#/components/schemas/Pagination" } } : {}),
    error: { type: "null" },
  },
  additionalProperties: false,
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad input: `error` is `{fields: {name: [messages]}}` or the error's name.",
  401: "No valid bearer token or API key.",
  403: "The member's role or the key's scopes do not allow this call (`insufficient_scope` for a key).",
  404: "Not found.",
  409: "Not possible in the record's present state.",
  413: "The body is too large.",
  423: "Locked.",
  429: "Past a rate limit; `Retry-After` says when to try again.",
  503: "The service is unavailable for a moment; `Retry-After` says when to try again.",
};

const retryAfter = { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } };

/** The statuses an operation can fail with: its own, and those every call of its kind has. */
function errorStatuses(op: Operation): number[] {
  const statuses = new Set(op.errors);
  if (op.permission) [401, 403, 429].forEach((s) => statuses.add(s));
  if (op.limited) statuses.add(429);
  if (op.body) [400, 413].forEach((s) => statuses.add(s));
  if (op.query) statuses.add(400);
  if (op.answers.every((s) => !("document" in s))) statuses.add(503);
  return [...statuses].sort();
}

function security(op: Operation): Json[] {
  if (!op.permission) return [];
  const scope = scopeFor(op.permission);
  return scope ? [{ bearerAuth: [] }, { apiKey: [scope] }] : [{ bearerAuth: [] }];
}

function parameters(op: Operation): Json[] {
  const path = [...op.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const query = op.query ? jsonSchema(op.query, "input") : null;
  const properties = (query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((query?.required ?? []) as string[]);
  const fromQuery = Object.entries(properties).map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema }));
  return [...path, ...fromQuery];
}

function requestBody(op: Operation): Json | undefined {
  if (!op.body) return undefined;
  const schema = jsonSchema(op.body, "input");
  const content: Json = { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } };
  if (op.multipart) content["multipart/form-data"] = { schema: { ...schema, properties: { ...(schema.properties as Json), photo: { type: "string", contentMediaType: "image/*", description: "A JPEG, PNG or WebP photo." } } } };
  return { required: true, content };
}

function responses(op: Operation): Json {
  const out: Json = {};
  for (const success of op.answers) {
    const headers = op.cache ? { "Cache-Control": { schema: { const: op.cache } } } : undefined;
    if ("file" in success) {
      out[success.status] = { description: success.description, content: { [success.file]: { schema: { type: "string", contentMediaType: success.file } } } };
    } else if ("document" in success) {
      out[success.status] = { description: success.description, headers, content: { "application/json": { schema: { type: "object", required: ["openapi", "info", "paths"] } } } };
    } else {
      const schema = envelope(jsonSchema(success.data, "output"), success.paged === true);
      out[success.status] = { description: success.description, headers, content: { "application/json": { schema } } };
    }
  }
  for (const status of errorStatuses(op)) {
    const headers = status === 429 || status === 503 ? retryAfter : undefined;
    out[status] = { description: ERROR_DESCRIPTIONS[status] ?? "Failed.", headers, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  return out;
}

function permissionNote(op: Operation): string {
  const permission = op.permission;
  if (!permission) return "Public: no token needed.";
  const scope = scopeFor(permission);
  const roles = (MATRIX[permission] as readonly string[]).join(", ");
  return `Permission \`${permission}\` (roles: ${roles}); ${scope ? `API keys with scope \`${scope}\`` : "never an API key"}.`;
}

/** A call's operation id: its method and pattern, as words (`post_batches_revoke_batchId`). */
const operationId = (op: Operation) => `${op.method.toLowerCase()}_${op.pattern.replace(/^api\/v1\//, "").replace(/[^A-Za-z0-9]+/g, "_")}`;

/** The document of these calls. */
export function buildOpenApiDocument(calls: ApiCall[]): Json {
  const table: Operation[] = calls.map((call) => ({ ...call, query: made(call.query), body: made(call.body) }));
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of table) {
    const item = (paths[openApiPath(op.pattern)] ??= {});
    const params = parameters(op);
    item[op.method.toLowerCase()] = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      description: [op.description, permissionNote(op)].filter(Boolean).join("\n\n"),
      security: security(op),
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(op.body ? { requestBody: requestBody(op) } : {}),
      responses: responses(op),
      ...(op.permission ? { "x-permission": op.permission } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: `${brand().name} API`,
      version: "1",
      description:
        "The JSON API under `/api/v1/`. Every answer but this document and the file downloads is the envelope `{status_code, message, data, error}`: `status_code` 6000 on success, 6001 on an application error, with honest HTTP statuses; a list adds `pagination {page, total_pages, total_count}` (10 a page, `?page=N`). Messages follow the request's language (`Accept-Language`, `?lng=en|ar`).\n\nSign in with `POST /api/v1/users/login/` and send `Authorization: Bearer <access_token>`, or use an API key (`Authorization: Bearer lk_…`, made by an owner) with the scopes a call names.",
    },
    servers: [{ url: "/" }],
    security: [],
    tags: [...new Set(table.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A member's access token from `POST /api/v1/users/login/` (refresh it with `POST /api/v1/users/token/refresh/`)." },
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "lk_…",
          description: `An API key (\`Authorization: Bearer lk_…\`) with scopes: ${SCOPES.map((s) => `\`${s}\` (${KEY_SCOPES[s]})`).join(", ")}. A call outside its scopes answers 403; a revoked, expired or unknown key 401.`,
        },
      },
      schemas: {
        Pagination: {
          type: "object",
          required: ["page", "total_pages", "total_count"],
          properties: { page: { type: "integer", minimum: 1 }, total_pages: { type: "integer", minimum: 0 }, total_count: { type: "integer", minimum: 0 } },
          additionalProperties: false,
        },
        Error: {
          type: "object",
          required: ["status_code", "message", "data", "error"],
          properties: {
            status_code: { const: 6001 },
            message: { type: "string", description: "What went wrong, in the request's language." },
            data: { type: "null" },
            error: {
              description: "The error's name (`not_found`, `rate_limited`, …), `{fields: {name: [messages]}}` for bad input, `{allowed}` for a method not allowed, or null.",
              anyOf: [{ type: "string" }, { type: "object" }, { type: "null" }],
            },
          },
          additionalProperties: false,
        },
      },
    },
  };
}
