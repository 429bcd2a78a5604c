import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One temporary folder per test run; each test file gets its own SQLite file inside it. */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), "vitest-db-"));
  process.env.TEST_DB_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
