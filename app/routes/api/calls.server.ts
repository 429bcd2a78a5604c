import { API_PREFIX, API_ROUTES } from "~/api-routes";
import type { Permission } from "~/auth/permissions";
import type { ApiCall, ApiContract, ApiMethod } from "~/openapi/contract";
import { buildOpenApiDocument } from "~/openapi/document.server";

/**
 * Every API call as the route table (~/api-routes) and its modules' contracts describe it (decision
 * 182), and what is made from them: the OpenAPI document and the API part of the permission table. The
 * modules (every route module beside this one) are loaded on first use: each answers its own requests
 * without this list. A module's contract travels on its loader (`apiRoute`), the export React Router
 * keeps out of the browser.
 */
const loaders = import.meta.glob<{ contract?: ApiContract } | undefined>(["./*.ts", "!./*.test.ts", "!./*.server.ts"], { import: "loader" });

let calls: Promise<ApiCall[]> | undefined;

/** Every call, in the route table's order, each route's methods in its contract's order. */
export function apiCalls(): Promise<ApiCall[]> {
  calls ??= Promise.all(
    API_ROUTES.map(async ({ path, file }) => {
      const contract = (await loaders[file.replace(/^routes\/api\//, "./")]?.())?.contract;
      if (!contract) throw new Error(`${file}: no module under app/routes/api answers with apiRoute(contract, …)`);
      return Object.entries(contract).map(([method, operation]) => ({ ...operation, pattern: `${API_PREFIX}/${path}`, method: method as ApiMethod }));
    }),
  ).then((lists) => lists.flat());
  return calls;
}

/** The API part of the permission table, made from the contracts: "METHOD /api/v1/…/:param" → permission. */
export async function apiPermissions(): Promise<Record<string, Permission>> {
  return Object.fromEntries((await apiCalls()).flatMap((call) => (call.permission ? [[`${call.method} /${call.pattern}`, call.permission]] : [])));
}

let document: Promise<Record<string, unknown>> | undefined;
let text: Promise<string> | undefined;

/** The OpenAPI document (built on first use and kept: it depends only on the code and the brand's name). */
export function openApiDocument(): Promise<Record<string, unknown>> {
  return (document ??= apiCalls().then(buildOpenApiDocument));
}

/** The document as served: its JSON text, made once. */
export function openApiText(): Promise<string> {
  return (text ??= openApiDocument().then((doc) => JSON.stringify(doc)));
}
