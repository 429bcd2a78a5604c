import { API_PREFIX, API_ROUTES } from "./route-table.server";
import type { Permission } from "~/platform/access/permissions";
import type { ApiCall, ApiContract, ApiMethod } from "~/platform/http/contract";
import { buildOpenApiDocument } from "~/composers/openapi/document.server";

/**
 * Every API call as the route table (./route-table.server.ts) and its modules' contracts describe it (decision
 * 182), and what is made from them: the OpenAPI document and the API part of the permission table. The
 * modules beside this one are loaded on first use (each answers its own requests without this list); a
 * module's contract travels on its loader (`apiRoute`), the export React Router keeps out of the browser.
 * The document's own route (./openapi.ts) hands its contract over instead: loading it from here would
 * make a cycle, since it loads this module.
 */
const loaders = import.meta.glob<{ contract?: ApiContract } | undefined>(["./*.ts", "!./*.test.ts", "!./*.server.ts", "!./openapi.ts"], {
  import: "loader",
});
const DOCUMENT_ROUTE = "routes/api/openapi.ts";

let routes: Promise<(ApiContract | null)[]> | undefined;

/** Each route's contract, in the route table's order; null for the document's own route. */
function contracts(): Promise<(ApiContract | null)[]> {
  routes ??= Promise.all(
    API_ROUTES.map(async ({ file }) => {
      if (file === DOCUMENT_ROUTE) return null;
      const contract = (await loaders[file.replace(/^routes\/api\//, "./")]?.())?.contract;
      if (!contract) throw new Error(`${file}: no module under app/routes/api answers with apiRoute(contract, …)`);
      return contract;
    }),
  );
  return routes;
}

/** Every call, in the route table's order, each route's methods in its contract's order. */
export async function apiCalls(documentContract: ApiContract): Promise<ApiCall[]> {
  const all = await contracts();
  return API_ROUTES.flatMap(({ path }, i) =>
    Object.entries(all[i] ?? documentContract).map(([method, operation]) => ({ ...operation, pattern: `${API_PREFIX}/${path}`, method: method as ApiMethod })),
  );
}

/** The API part of the permission table, made from the contracts: "METHOD /api/v1/…/:param" → permission (the document is public). */
export async function apiPermissions(): Promise<Record<string, Permission>> {
  return Object.fromEntries((await apiCalls({})).flatMap((call) => (call.permission ? [[`${call.method} /${call.pattern}`, call.permission]] : [])));
}

let document: Promise<Record<string, unknown>> | undefined;
let text: Promise<string> | undefined;

/** The OpenAPI document (built on first use and kept: it depends only on the code and the brand's name). */
export function openApiDocument(documentContract: ApiContract): Promise<Record<string, unknown>> {
  return (document ??= apiCalls(documentContract).then(buildOpenApiDocument));
}

/** The document as served: its JSON text, made once. */
export function openApiText(documentContract: ApiContract): Promise<string> {
  return (text ??= openApiDocument(documentContract).then((doc) => JSON.stringify(doc)));
}
