import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll } from "vitest";

// Runs in each test file's process before its imports: a fresh real SQLite database per file.
const dir = process.env.TEST_DB_DIR ?? "/tmp";
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${join(dir, `${randomUUID()}.db`)}`;
process.env.SITE_URL ??= "http://localhost:3000";

afterAll(async () => {
  const { closeDb } = await import("@db/db.server");
  await closeDb();
});

// The audit trail's JSON lines (one per recorded action) are the server's stdout, not the tests'
// output; tests that read them set their own sink (app/audit/audit.server.test.ts).
const { setAuditSink } = await import("~/audit/audit.server");
setAuditSink(() => {});
