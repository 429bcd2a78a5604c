import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, expect, vi } from "vitest";

// Runs in each test file's process before its imports: a fresh real database per file. SQLite by
// default (a file in the run's temporary folder); with TEST_DATABASE_URL=postgres://… (set by
// `npm run test:postgres`), a fresh database on that PostgreSQL server. Each is a copy of the
// template tests/vitest.global-setup.ts migrated once for the run (TEST_DB_TEMPLATE).
const dir = process.env.TEST_DB_DIR ?? "/tmp";
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dir;
process.env.SITE_URL ??= "http://localhost:3000";

const server = process.env.TEST_DATABASE_URL;
let dropDatabase: (() => Promise<void>) | undefined;

if (server && /^postgres(ql)?:\/\//.test(server)) {
  const name = `t_${randomUUID().replace(/-/g, "")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const template = process.env.TEST_DB_TEMPLATE;
  await admin(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
} else {
  const file = join(dir, `${randomUUID()}.db`);
  if (process.env.TEST_DB_TEMPLATE) copyFileSync(process.env.TEST_DB_TEMPLATE, file);
  process.env.DATABASE_URL = `file:${file}`;
}

afterAll(async () => {
  const { closeDb } = await import("@db/db.server");
  await closeDb();
  await dropDatabase?.();
});

// Every database a test opens migrates with this build's migrations (db/ never imports migrations/).
const { configureDb } = await import("@db/db.server");
const { migrations } = await import("@migrations/index");
const { dbSettings } = await import("~/platform/database/settings.server");
configureDb(dbSettings(migrations));

// The audit trail's JSON lines (one per recorded action) are the server's stdout, not the tests'
// output; tests that read them set their own sink (app/platform/audit/audit.server.test.ts).
const { setAuditSink } = await import("~/platform/audit/audit.server");
setAuditSink(() => {});

// Brand protection listens to every check, as at the server's start-up (app/runtime.server.ts): the
// tests that check codes see the scan aggregates, signals and alerts a check writes.
const { listenToChecks } = await import("~/features/alerts/check-signals.server");
listenToChecks();

// The API suites (app/routes/api/*.test.ts, and the document's own test) see every answer of an API
// route checked against the OpenAPI document (decision 157): its status, content type and body, by the
// schema of its path, method and status. One wrapper around `apiRoute`, whatever helper a suite sends
// its requests with; the answer is handed on untouched (synchronous stays synchronous), and a test
// that saw an answer the document does not describe fails after it with what did not match.
const answers: { method: string; url: string; response: Response }[] = [];
vi.mock(import("~/platform/http/api.server"), async (importOriginal) => {
  const original = await importOriginal();
  if (!/\/app\/(routes\/api|openapi)\//.test(expect.getState().testPath ?? "")) return original;
  type Handler = (args?: { request: Request }) => unknown;
  const seen = (request: Request | undefined, answer: unknown) => {
    if (request && answer instanceof Response) answers.push({ method: request.method, url: request.url, response: answer.clone() });
    return answer;
  };
  const checked =
    (handler: Handler): Handler =>
    (args) => {
      const answer = handler(args);
      return answer instanceof Promise ? answer.then((value) => seen(args?.request, value)) : seen(args?.request, answer);
    };
  const apiRoute = ((...params: Parameters<typeof original.apiRoute>) => {
    const route = original.apiRoute(...params);
    // The contract stays on the wrapped loader and action (the document is made from it).
    const { contract } = route.loader;
    return { loader: Object.assign(checked(route.loader as unknown as Handler), { contract }), action: Object.assign(checked(route.action as unknown as Handler), { contract }) };
  }) as typeof original.apiRoute;
  return { ...original, apiRoute };
});
afterEach(async () => {
  if (answers.length === 0) return;
  const { answerProblem } = await import("./unit/openapi");
  const seen = answers.splice(0);
  const problems = (await Promise.all(seen.map((a) => answerProblem(a.method, a.url, a.response)))).filter(Boolean);
  if (problems.length > 0) throw new Error(`OpenAPI: ${problems.length} answer(s) the document does not describe:\n${problems.join("\n")}`);
});
