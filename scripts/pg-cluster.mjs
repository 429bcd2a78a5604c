// A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` package (or any initdb/pg_ctl
// found), `initdb` into a temporary folder, `pg_ctl start` on a free loopback port, and removal of
// the whole folder afterwards. Run as root, the server runs as an unprivileged user (`postgres` when
// the package created it, otherwise `nobody`), because PostgreSQL refuses to run as root.
//
//   import { startPostgres } from "./pg-cluster.mjs";
//   const pg = await startPostgres();   // { url, databaseUrl(name), createDatabase(name), stop() }
//
//   node scripts/pg-cluster.mjs        // starts one, prints its URL, stops on Ctrl-C
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const SUPERUSER = "lunara";

/** The folder holding initdb and pg_ctl: PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync("/usr/lib/postgresql")) {
    const versions = readdirSync("/usr/lib/postgresql")
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  }
  for (const dir of candidates) if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  const found = which.stdout.trim();
  if (which.status === 0 && found) return found.replace(/\/initdb$/, "");
  throw new Error("PostgreSQL server programs (initdb, pg_ctl) not found: install Debian's postgresql package (apt-get install postgresql) or set PG_BIN");
}

/** uid/gid of the unprivileged user the server runs as when this process is root. */
function serviceUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of [process.env.PG_CLUSTER_USER, "postgres", "nobody"].filter(Boolean)) {
    const id = spawnSync("id", ["-u", name], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL as");
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free port in PG_PORTS (default 55400-55499), tried from a random start. */
export async function freePostgresPort() {
  const [min, max] = (process.env.PG_PORTS ?? "55400-55499").split("-").map(Number);
  const span = max - min + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = min + ((start + i) % span);
    if ((await portFree(port)) && !existsSync(`/tmp/.s.PGSQL.${port}`)) return port;
  }
  throw new Error(`no free port in ${min}-${max} for PostgreSQL (set PG_PORTS=from-to)`);
}

function run(command, args, { user, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { PATH: process.env.PATH, LANG: "C", LC_ALL: "C" },
      cwd: "/",
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!quiet) process.stdout.write(output);
      if (code === 0) resolve(output);
      else reject(new Error(`${command.split("/").pop()} ${args[0] ?? ""} failed (exit ${code}): ${output.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}

/**
 * Starts a throwaway cluster. Resolves with its superuser URL (database `postgres`), helpers to make a
 * database per test file or run, and stop(), which stops the server and removes every file.
 */
export async function startPostgres({ log = () => {} } = {}) {
  const bin = findPostgresBin();
  const user = serviceUser();
  const { dir, data, password, pwfile } = clusterFolder(user);
  let port;
  let started = false;
  const pgStart = () =>
    run(join(bin, "pg_ctl"), [
      "start", "-D", data, "-l", join(dir, "server.log"), "-w", "-t", "60",
      "-o", [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${dir}`, "-c max_connections=300", "-c shared_buffers=64MB"].join(" "),
    ], { user });
  const stop = async () => {
    if (started) {
      started = false;
      await run(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "fast", "-w", "-t", "30"], { user }).catch(async () => {
        await run(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"], { user }).catch(() => {});
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const t0 = Date.now();
    await initCluster(bin, { data, pwfile }, user);
    rmSync(pwfile, { force: true });
    port = await freePostgresPort();
    await pgStart();
    started = true;
    log(`PostgreSQL ${bin.match(/postgresql\/(\d+)/)?.[1] ?? ""} started on 127.0.0.1:${port} in ${Date.now() - t0} ms (${dir}${user ? `, as ${user.name}` : ""})`);
  } catch (error) {
    const serverLog = existsSync(join(dir, "server.log")) ? readFileSync(join(dir, "server.log"), "utf8").trim().split("\n").slice(-5).join("\n") : "";
    await stop();
    throw new Error(`${error.message}${serverLog ? `\n${serverLog}` : ""}`);
  }

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const databaseUrl = (name) => url.replace(/\/postgres$/, `/${name}`);
  const admin = (statement) => runAsSuperuser(url, statement);
  return {
    url,
    port,
    dir,
    databaseUrl,
    /** Creates an empty database and returns its URL. */
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
      await admin(`CREATE DATABASE "${name}"`);
      return databaseUrl(name);
    },
    async dropDatabase(name) {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
    /** Stops the server (fast, then immediate) and removes the cluster's folder. */
    stop,
    /** Stops the server but keeps the files, for a test of what the app does when the database is gone. */
    async pause() {
      await run(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "fast", "-w"], { user });
      started = false;
    },
    async resume() {
      await pgStart();
      started = true;
    },
  };
}

/**
 * A private folder for the cluster (0700, the service user's when running as root) holding the
 * superuser's password file.
 */
function clusterFolder(user) {
  const dir = mkdtempSync(join(tmpdir(), "pg-cluster-"));
  const data = join(dir, "data");
  const password = randomBytes(18).toString("base64url");
  const pwfile = join(dir, "pwfile");
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  chmodSync(dir, 0o700);
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  return { dir, data, password, pwfile };
}

/** initdb: the superuser with a SCRAM password, UTF-8, the C locale. */
function initCluster(bin, { data, pwfile }, user) {
  return run(join(bin, "initdb"), [
    "-D", data,
    "-U", SUPERUSER,
    `--pwfile=${pwfile}`,
    "--auth=scram-sha-256",
    "--encoding=UTF8",
    "--locale=C",
    // A throwaway cluster: skip the fsync of initdb's own files (the server itself keeps fsync on).
    "--no-sync",
  ], { user });
}

/** Runs one statement as the superuser, on a connection of its own. */
async function runAsSuperuser(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPostgres({ log: console.log });
  console.log(cluster.url);
  const done = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", done);
  process.on("SIGTERM", done);
  setInterval(() => {}, 1 << 30);
}
