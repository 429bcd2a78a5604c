import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { callApi } from "../../../tests/unit/api";
import { answerProblem } from "../../../tests/unit/openapi";
import { openApiDocument } from "~/routes/api/calls.server";
import { loader as documentRoute } from "~/routes/api/openapi";
import { openApiPath } from "./document.server";

/**
 * The document cannot drift from the routes (decision 157): every /api/v1 route of app/routes.ts is
 * in it with every method the route answers (a method it does not answer is a 405), nothing is in it
 * that no route serves, and it is a valid OpenAPI 3.1 document. (Every answer the API suites see is
 * checked against it by tests/vitest.setup.ts.)
 */
type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
type Document = { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };

const modules = import.meta.glob<Module>("../../routes/**/*.{ts,tsx}");
const leaves = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => (e.children ? leaves(e.children) : e.path !== undefined ? [e] : []));
const apiRoutes = leaves(routes as RouteEntry[]).filter((r) => r.path!.startsWith("api/v1/"));
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const doc = (await openApiDocument(documentRoute.contract)) as Document;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (@readme/openapi-parser)", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(doc).toMatchObject({ openapi: "3.1.0" });
  });

  it("has every /api/v1 route of app/routes.ts, and no path without one", () => {
    const routed = apiRoutes.map((r) => openApiPath(r.path!));
    for (const path of routed) expect(Object.keys(doc.paths), `${path} (app/routes.ts) is missing from the document`).toContain(path);
    for (const path of Object.keys(doc.paths)) expect(routed, `${path} is in the document but no route serves it`).toContain(path);
    expect(routed.length).toBeGreaterThan(40);
  });

  for (const route of apiRoutes) {
    it(`documents exactly the methods /${route.path} answers`, async () => {
      const module = await modules[`../../${route.file}`]!();
      const url = `http://localhost:3000/${route.path!.replace(/:[A-Za-z]+/g, "x")}/`;
      const params = Object.fromEntries([...route.path!.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, "x"]));
      const answered: string[] = [];
      for (const method of METHODS) {
        const handler = method === "GET" ? module.loader : module.action;
        const body = method === "GET" ? undefined : "{}";
        const res = handler ? await callApi(handler, url, { method, body, headers: { "Content-Type": "application/json" } }, params) : { status: 405 };
        if (res.status !== 405) answered.push(method.toLowerCase());
      }
      expect(Object.keys(doc.paths[openApiPath(route.path!)] ?? {}).sort()).toEqual(answered.sort());
    });
  }

  it("names the security of each guarded call: a bearer token, and the API key scope when a key may make it", () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["apiKey", "bearerAuth"]);
    const op = (path: string, method: string) => doc.paths[path]![method] as { security: Record<string, string[]>[] };
    expect(op("/api/v1/scans/list/", "get").security).toEqual([{ bearerAuth: [] }, { apiKey: ["read:scans"] }]);
    expect(op("/api/v1/admins/list/", "get").security).toEqual([{ bearerAuth: [] }]);
    expect(op("/api/v1/codes/verify/", "post").security).toEqual([]);
  });

  it("judges an answer by its path, method and status: an undocumented status, method or field is a problem", async () => {
    const url = "http://localhost:3000/api/v1/batches/0192/";
    const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    const missing = { status_code: 6001, message: "Not found", data: null, error: "not_found" };
    expect(await answerProblem("GET", url, answer(404, missing))).toBeNull();
    expect(await answerProblem("GET", url, answer(418, missing))).toMatch(/status not documented/);
    expect(await answerProblem("DELETE", url, answer(200, missing))).toMatch(/no DELETE/);
    expect(await answerProblem("DELETE", url, answer(405, missing))).toBeNull();
    expect(await answerProblem("GET", url, answer(200, { status_code: 6000, message: "", data: { batch: { id: "x" } }, error: null }))).toMatch(/does not match/);
    expect(await answerProblem("GET", url, answer(404, { ...missing, extra: 1 }))).toMatch(/does not match/);
    expect(await answerProblem("GET", url, new Response("a,b", { status: 404, headers: { "Content-Type": "text/csv" } }))).toMatch(/content type/);
  });
});
