import { gunzipSync } from "node:zlib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { matchPath } from "react-router";
import { openApiDocument } from "~/routes/api/calls.server";
import { loader as documentRoute } from "~/routes/api/openapi";

/**
 * Checks answers against the OpenAPI document (decision 157): an answer of a documented call must be
 * one of its documented statuses, with a documented content type, and a JSON body that its schema
 * (JSON Schema 2020-12, by ajv) accepts. The Vitest API suites run every answer through `checkAnswer`
 * (tests/vitest.setup.ts wraps `apiRoute` for them).
 */

type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

const ID = "https://lunara.invalid/openapi.json";
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

async function compiler(): Promise<Ajv2020> {
  if (!ajv) {
    const document = await openApiDocument(documentRoute.contract);
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: ID });
  }
  return ajv;
}

const pointer = (segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");
const bare = (path: string) => path.replace(/\/+$/, "") || "/";

/** The document's path a URL's pathname falls under, static segments before parameters (as the router ranks them). */
async function documentPathOf(pathname: string): Promise<string | null> {
  const paths = Object.keys(((await openApiDocument(documentRoute.contract)) as Document).paths);
  const ranked = [...paths].sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  return ranked.find((path) => matchPath({ path: bare(path).replace(/\{([A-Za-z]+)\}/g, ":$1"), end: true }, bare(pathname)) !== null) ?? null;
}

/**
 * What is wrong with an answer to `method url` by the document, or null when nothing is. A URL outside
 * the document is not judged here (the route walk of app/openapi/document.server.test.ts is); a method
 * the document does not give a path must answer 405.
 */
export async function answerProblem(method: string, url: string, response: Response): Promise<string | null> {
  const pathname = new URL(url).pathname;
  const path = await documentPathOf(pathname);
  if (!path) return null;
  const verb = method.toUpperCase() === "HEAD" ? "get" : method.toLowerCase();
  const operation = ((await openApiDocument(documentRoute.contract)) as Document).paths[path]![verb];
  const call = `${method.toUpperCase()} ${pathname} → ${response.status}`;
  if (!operation) return response.status === 405 ? null : `${call}: the document has no ${verb.toUpperCase()} ${path}`;
  const answer = operation.responses[String(response.status)];
  if (!answer) return `${call}: status not documented for ${verb.toUpperCase()} ${path} (documented: ${Object.keys(operation.responses).join(", ")})`;
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
  if (!answer.content || !Object.hasOwn(answer.content, type)) return `${call}: content type ${type || "(none)"} not documented`;
  if (type !== "application/json") return null;
  const key = `${path} ${verb} ${response.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = (await compiler()).compile({ $ref: `${ID}#/${pointer(["paths", path, verb, "responses", String(response.status), "content", type, "schema"])}` });
    validators.set(key, validate);
  }
  // An answer prepared gzipped (the catalogue's, decision 175) is read as a client reads it.
  const raw = Buffer.from(await response.clone().arrayBuffer());
  const body: unknown = JSON.parse((response.headers.get("Content-Encoding") === "gzip" ? gunzipSync(raw) : raw).toString("utf8"));
  if (validate(body)) return null;
  return `${call}: the body does not match the document: ${(await compiler()).errorsText(validate.errors, { separator: "; " })}\n${JSON.stringify(body).slice(0, 600)}`;
}
