import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { codeKeysFor, lookupHash, openCode, sealedColumns, type CodeKeys } from "../../app/platform/lib/code-seal.mjs";
import { generateCode } from "../../app/platform/codes/code-format";

/**
 * Direct access to the e2e server's database file (E2E_DATABASE_URL, set by scripts/e2e.mjs), to
 * create test data and to assert what the server stored. WAL mode lets it read while the server runs.
 */
let handle: Database.Database | undefined;

export function e2eDb(): Database.Database {
  if (handle) return handle;
  const url = process.env.E2E_DATABASE_URL;
  if (!url?.startsWith("file:")) throw new Error("E2E_DATABASE_URL is not set: run the browser tests with `npm run test:e2e`.");
  handle = new Database(url.slice("file:".length), { fileMustExist: true });
  handle.pragma("busy_timeout = 5000");
  return handle;
}

export type CodeRow = {
  id: string;
  code: string;
  product_id: string;
  status: "active" | "expired" | "revoked";
  created_at: string;
  expired_at: string | null;
  verified_at: string | null;
};

let keys: CodeKeys | undefined;

/** The e2e server's codes key (generated into its data folder), to seal and find codes as it does. */
export function codeKeys(): CodeKeys {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the browser tests with `npm run test:e2e`.");
  keys ??= codeKeysFor({ dataDir });
  return keys;
}

/** Inserts a fresh active code (random unless given) and returns it. */
export function insertCode(productId: string, code = generateCode(), status: CodeRow["status"] = "active"): CodeRow {
  const row: CodeRow = { id: randomUUID(), code, product_id: productId, status, created_at: new Date().toISOString(), expired_at: null, verified_at: null };
  e2eDb()
    .prepare(
      "INSERT INTO codes (id, code_hash, code_enc, product_id, status, created_at, expired_at, verified_at) VALUES (@id, @code_hash, @code_enc, @product_id, @status, @created_at, @expired_at, @verified_at)",
    )
    .run({ ...row, ...sealedColumns(codeKeys(), code) });
  return row;
}

type StoredCode = Omit<CodeRow, "code"> & { code_hash: string; code_enc: string; batch_id: string | null; serial: number | null };

/** A stored code (found by its keyed hash), with its plain text opened. */
export function getCode(code: string): (CodeRow & { batch_id: string | null; serial: number | null }) | undefined {
  const row = e2eDb().prepare("SELECT * FROM codes WHERE code_hash = ?").get(lookupHash(codeKeys(), code)) as StoredCode | undefined;
  if (!row) return undefined;
  const { code_hash, code_enc, ...rest } = row;
  return { ...rest, code: openCode(codeKeys(), code_enc, code_hash) };
}

/** Scans recorded for a normalised input (or all when omitted). */
export function scansFor(input: string): { id: string; outcome: string; created_at: string }[] {
  return e2eDb().prepare("SELECT id, outcome, created_at FROM scans WHERE input = ? ORDER BY created_at").all(input) as {
    id: string;
    outcome: string;
    created_at: string;
  }[];
}

export type ContactRow = { id: string; name: string; phone_number: string; message: string; created_at: string };

export function contactsNamed(name: string): ContactRow[] {
  return e2eDb().prepare("SELECT * FROM contacts WHERE name = ?").all(name) as ContactRow[];
}

/** "ABCD1234" → "ABCD-1234", as the site shows codes. */
export const grouped = (code: string) => code.match(/.{1,4}/g)!.join("-");

/** How many scans have this exact stored input ("" for empty input, which is never recorded). */
export function scanCountFor(input: string): number {
  return (e2eDb().prepare("SELECT count(*) AS n FROM scans WHERE input = ?").get(input) as { n: number }).n;
}

/** A code a shopper already verified at `verifiedAt` (a second check reports that time). */
export function insertUsedCode(productId: string, code: string, verifiedAt: string): CodeRow {
  const row: CodeRow = { id: randomUUID(), code, product_id: productId, status: "expired", created_at: verifiedAt, expired_at: null, verified_at: verifiedAt };
  e2eDb()
    .prepare(
      "INSERT INTO codes (id, code_hash, code_enc, product_id, status, created_at, expired_at, verified_at) VALUES (@id, @code_hash, @code_enc, @product_id, @status, @created_at, @expired_at, @verified_at)",
    )
    .run({ ...row, ...sealedColumns(codeKeys(), code) });
  return row;
}

const DIGITS = "23456789";
const LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ";
/** A fresh code whose first group is all digits (`3769M7B9`-like), the kind right-to-left text used to swap. */
export function digitsFirstCode(): string {
  const pick = (from: string, n: number) => Array.from({ length: n }, () => from[Math.floor(Math.random() * from.length)]).join("");
  return `${pick(DIGITS, 4)}${pick(LETTERS, 1)}${pick(DIGITS, 1)}${pick(LETTERS, 1)}${pick(DIGITS, 1)}`;
}
