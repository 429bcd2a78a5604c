import { API_PREFIX, API_ROUTES } from "~/api-routes";
import type { Permission } from "~/auth/permissions";
import type { ApiContract, ApiMethod, ApiOperation } from "./contract";

/**
 * Every API call as the route table (~/api-routes) and its modules' contracts describe it (decision
 * 182): the OpenAPI document and the API part of the permission table are made from this list. The
 * modules are loaded on first use (each answers its own requests without this list); a module's
 * contract travels on its loader (`apiRoute`), the export React Router keeps out of the browser.
 */
const loaders = import.meta.glob<{ contract?: ApiContract } | undefined>(["../routes/api/*.ts", "!../routes/api/*.test.ts"], { import: "loader" });

/** One method of one route: its pattern as app/routes.ts mounts it (`api/v1/codes/expire/:codeId`) and its contract. */
export type ApiCall = ApiOperation & { pattern: string; method: ApiMethod };

let calls: Promise<ApiCall[]> | undefined;

/** Every call, in the route table's order, each route's methods in its contract's order. */
export function apiCalls(): Promise<ApiCall[]> {
  calls ??= Promise.all(
    API_ROUTES.map(async ({ path, file }) => {
      const contract = (await loaders[`../${file}`]?.())?.contract;
      if (!contract) throw new Error(`${file}: no module under app/routes/api answers with apiRoute(contract, …)`);
      return Object.entries(contract).map(([method, operation]) => ({ ...operation, pattern: `${API_PREFIX}/${path}`, method: method as ApiMethod }));
    }),
  ).then((lists) => lists.flat());
  return calls;
}

/** A call as the permission table and the audit trail name it: "METHOD /api/v1/…/:param". */
export const callName = (call: Pick<ApiCall, "method" | "pattern">) => `${call.method} /${call.pattern}`;

/** The API part of the permission table, made from the contracts: each guarded call → its permission. */
export async function apiPermissions(): Promise<Record<string, Permission>> {
  return Object.fromEntries((await apiCalls()).flatMap((call) => (call.permission ? [[callName(call), call.permission]] : [])));
}
