// Direct access to a measured server's database, SQLite file or PostgreSQL, for the measuring scripts:
// seed codes before a run, read what was stored after it. Queries are written with `?` placeholders
// and work on both engines.
import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { codeKeysFor, lookupHash, sealedColumns } from "../app/platform/lib/code-seal.mjs";
import { insertCodes as insertCodesSqlite, randomCode } from "./seed.mjs";

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const toPg = (text) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/**
 * Opens `file:PATH` or `postgres://…`: {engine, all, get, run, insertCodes, codeRow, close}. Codes are
 * sealed and looked up with the servers' codes key (decision 081): CODES_KEY, or the codes.key of
 * `dataDir` (by default the SQLite file's folder; required for PostgreSQL).
 */
export async function openStore(url, { readonly = false, dataDir } = {}) {
  const sqlitePath = url.startsWith("file:") ? url.slice("file:".length) : null;
  let keys;
  const codeKeys = () => {
    const folder = dataDir ?? (sqlitePath ? dirname(sqlitePath) : undefined);
    if (!process.env.CODES_KEY && !folder) throw new Error("openStore: a PostgreSQL store needs the servers' dataDir (or CODES_KEY) to seal codes");
    return (keys ??= codeKeysFor({ codesKey: process.env.CODES_KEY, dataDir: folder }));
  };
  /** A code's row by its text (status, verified_at), through its keyed hash. */
  const codeRow = (store, code) => store.get("SELECT status, verified_at FROM codes WHERE code_hash = ?", [lookupHash(codeKeys(), code)]);
  return sqlitePath ? sqliteStore(sqlitePath, { readonly, codeRow }) : postgresStore(url, { codeKeys, codeRow });
}

/** The store over a SQLite file (better-sqlite3; `sqlite` is the connection itself). */
function sqliteStore(sqlitePath, { readonly, codeRow }) {
  const db = new Database(sqlitePath, readonly ? { readonly: true } : {});
  db.pragma("busy_timeout = 10000");
  return {
    engine: "sqlite",
    codeRow(code) {
      return codeRow(this, code);
    },
    async all(text, params = []) {
      return db.prepare(text).all(...params);
    },
    async get(text, params = []) {
      return db.prepare(text).get(...params);
    },
    async run(text, params = []) {
      return db.prepare(text).run(...params);
    },
    async insertCodes(options) {
      return insertCodesSqlite(db, options);
    },
    sqlite: db,
    async close() {
      db.close();
    },
  };
}

/** The store over a PostgreSQL database (a pool of four connections). */
function postgresStore(url, { codeKeys, codeRow }) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    engine: "postgres",
    codeRow(code) {
      return codeRow(this, code);
    },
    async all(text, params = []) {
      return (await pool.query(toPg(text), params)).rows;
    },
    async get(text, params = []) {
      return (await pool.query(toPg(text), params)).rows[0];
    },
    async run(text, params = []) {
      return pool.query(toPg(text), params);
    },
    async insertCodes(options) {
      return insertCodesPostgres(pool, codeKeys, options);
    },
    async close() {
      await pool.end();
    },
  };
}

/** Same contract as seed.mjs's insertCodes, in batches of unnest()ed arrays. */
async function insertCodesPostgres(pool, codeKeys, { count, productIds, prefix = "S", returnActive = false }) {
  const seen = new Set();
  const active = [];
  const now = new Date().toISOString();
  for (let made = 0; made < count; ) {
    const ids = [];
    const hashes = [];
    const sealed = [];
    const products = [];
    while (ids.length < 5000 && made < count) {
      const code = randomCode(prefix, 10);
      if (seen.has(code)) continue;
      seen.add(code);
      ids.push(randomUUID());
      const { code_hash, code_enc } = sealedColumns(codeKeys(), code);
      hashes.push(code_hash);
      sealed.push(code_enc);
      products.push(productIds[made % productIds.length]);
      if (returnActive) active.push(code);
      made++;
    }
    await pool.query(
      `INSERT INTO codes (id, code_hash, code_enc, product_id, status, created_at, expired_at, verified_at)
       SELECT id, code_hash, code_enc, product_id, 'active', $5, NULL, NULL
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(id, code_hash, code_enc, product_id)`,
      [ids, hashes, sealed, products, now],
    );
  }
  return active;
}

/** A fresh database on a PostgreSQL server (admin URL) for one check: its URL and a drop(). */
export async function freshPostgresDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The database a hardening or bench check runs on: a file in `dataDir` by default; a fresh database
 * on HARDENING_POSTGRES_URL's server when that is set (`npm run test:postgres`).
 */
export async function checkDatabase(dataDir, prefix) {
  const server = process.env.HARDENING_POSTGRES_URL;
  if (server) {
    const fresh = await freshPostgresDatabase(server, prefix);
    return { engine: "postgres", url: fresh.url, drop: fresh.drop };
  }
  return { engine: "sqlite", url: `file:${dataDir}/app.db`, drop: async () => {} };
}
