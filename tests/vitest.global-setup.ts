import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * One temporary folder per test run; each test file gets its own database, copied from one template
 * that this setup migrates once (every migration still runs, once a run, on the engine under test):
 * a SQLite file in that folder, or with TEST_DATABASE_URL=postgres://… (`npm run test:postgres`) a
 * template database on that server that each file's database is created from.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), "vitest-db-"));
  process.env.TEST_DB_DIR = dir;
  const server = process.env.TEST_DATABASE_URL;
  const postgres = Boolean(server && /^postgres(ql)?:\/\//.test(server));
  const templateName = `tmpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  // The template, migrated as a test file's database would be (the same settings as tests/vitest.setup.ts).
  const saved = { NODE_ENV: process.env.NODE_ENV, DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, SITE_URL: process.env.SITE_URL };
  process.env.NODE_ENV = "test";
  process.env.DATA_DIR = dir;
  process.env.SITE_URL ??= "http://localhost:3000";
  if (postgres) {
    await admin(`CREATE DATABASE "${templateName}"`);
    const url = new URL(server!);
    url.pathname = `/${templateName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    process.env.DATABASE_URL = `file:${join(dir, "template.db")}`;
  }
  const { closeDb, getDb, configureDb } = await import("@db/db.server");
  const { migrations } = await import("@migrations/index");
  const { dbSettings } = await import("~/platform/database/settings.server");
  configureDb(dbSettings(migrations));
  await getDb();
  await closeDb();
  process.env.TEST_DB_TEMPLATE = postgres ? templateName : join(dir, "template.db");
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }

  return async () => {
    if (postgres) await admin(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
}
