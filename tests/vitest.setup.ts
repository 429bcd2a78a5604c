import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll } from "vitest";

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
const { registerMigrations } = await import("@db/db.server");
const { migrations } = await import("@migrations/index");
registerMigrations(migrations);

// The audit trail's JSON lines (one per recorded action) are the server's stdout, not the tests'
// output; tests that read them set their own sink (app/audit/audit.server.test.ts).
const { setAuditSink } = await import("~/audit/audit.server");
setAuditSink(() => {});

// Brand protection listens to every check, as at the server's start-up (app/runtime.server.ts): the
// tests that check codes see the scan aggregates, signals and alerts a check writes.
const { listenToChecks } = await import("~/alerts/check-signals.server");
listenToChecks();
