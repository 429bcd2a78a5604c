// Backups of the SQLite database: an online, consistent copy (`VACUUM INTO`, one read transaction,
// so writers carry on and the copy is the database as of one instant, never a file copy of a live
// WAL database), checked with `PRAGMA integrity_check` before it gets its final name, owner-only
// (0600 in a 0700 folder), the newest BACKUP_KEEP kept. And the restore into a stopped data folder.
//
// Plain JavaScript so that server.js (the daily schedule, run in a child process so no request
// waits for it), the npm scripts and the tests share it without a build.
import { fork } from "node:child_process";
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `app-20261122T012000123Z.db` for `data/app.db`: sorts by time, says when. */
export function backupName(databasePath, now = new Date()) {
  const stem = basename(databasePath, extname(databasePath)) || "database";
  return `${stem}-${now.toISOString().replace(/[-:.]/g, "")}.db`;
}

function backupPattern(databasePath) {
  const stem = basename(databasePath, extname(databasePath)) || "database";
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped}-\\d{8}T\\d{9}Z\\.db$`);
}

/** Backups of this database in `dir`, newest first. */
export function listBackups(databasePath, dir) {
  if (!existsSync(dir)) return [];
  const pattern = backupPattern(databasePath);
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .reverse()
    .map((name) => join(dir, name));
}

/** `PRAGMA integrity_check` of a database file: "ok", or what is wrong. */
export function integrityCheck(path) {
  let db;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.prepare("PRAGMA integrity_check").all();
    return rows.map((r) => r.integrity_check).join("; ");
  } catch (error) {
    return `not a readable SQLite database (${error.message})`;
  } finally {
    db?.close();
  }
}

function fsyncPath(path) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a backup of `databasePath` into `dir` and keeps the newest `keep`. Resolves with
 * {file, bytes, ms, integrity, removed}; throws (leaving no partial file) when the copy fails its check.
 */
export function backupDatabase({ databasePath, dir, keep = 14, now = new Date() }) {
  if (!existsSync(databasePath)) throw new Error(`no database at ${databasePath}`);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  // Leftovers of a backup that was interrupted (the process was stopped mid-copy).
  for (const name of readdirSync(dir)) if (name.endsWith(".db.partial")) rmSync(join(dir, name), { force: true });

  const target = join(dir, backupName(databasePath, now));
  const partial = `${target}.partial`;
  const started = Date.now();
  const previousMask = process.umask(0o077);
  const source = new Database(databasePath, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 10000");
    // One read transaction: every write committed before this statement began is in the copy.
    source.prepare("VACUUM INTO ?").run(partial);
  } finally {
    source.close();
    process.umask(previousMask);
  }
  chmodSync(partial, FILE_MODE);
  const integrity = integrityCheck(partial);
  if (integrity !== "ok") {
    rmSync(partial, { force: true });
    throw new Error(`backup failed its integrity check: ${integrity}`);
  }
  fsyncPath(partial);
  renameSync(partial, target);
  fsyncPath(dir);
  const removed = listBackups(databasePath, dir).slice(Math.max(1, keep));
  for (const old of removed) rmSync(old, { force: true });
  return { file: target, bytes: statSync(target).size, ms: Date.now() - started, integrity, removed: removed.map((f) => basename(f)) };
}

/** Marks a data folder as in use by a running server (the restore refuses while one is). */
export function markRunning(dataDir, pid = process.pid) {
  const dir = join(dataDir, "running");
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const file = join(dir, String(pid));
  writeFileSync(file, `${pid}\n`, { mode: FILE_MODE });
  return () => rmSync(file, { force: true });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Servers still running on this data folder (stale marks of killed servers are removed). */
export function runningServers(dataDir) {
  const dir = join(dataDir, "running");
  if (!existsSync(dir)) return [];
  const live = [];
  for (const name of readdirSync(dir)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && pid !== process.pid) live.push(pid);
    else rmSync(join(dir, name), { force: true });
  }
  return live;
}

/**
 * Restores `file` as the database at `databasePath`, after the same integrity check, into a data
 * folder no server is running on. The current database (and its WAL) is kept beside it as
 * `<name>.before-restore-<time>`. Returns {restored, previous}.
 */
export function restoreDatabase({ file, databasePath, dataDir, now = new Date() }) {
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`no backup at ${file}`);
  const running = runningServers(dataDir);
  if (running.length) throw new Error(`a server is running on ${dataDir} (pid ${running.join(", ")}): stop it first`);
  const integrity = integrityCheck(source);
  if (integrity !== "ok") throw new Error(`${file} failed its integrity check: ${integrity}`);
  const probe = new Database(source, { readonly: true, fileMustExist: true });
  const hasMigrations = probe.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  probe.close();
  if (!hasMigrations) throw new Error(`${file} is not a backup of this application's database`);

  const dir = dirname(databasePath);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  let previous = null;
  if (existsSync(databasePath)) {
    previous = `${databasePath}.before-restore-${now.toISOString().replace(/[-:.]/g, "")}`;
    for (const suffix of ["", "-wal", "-shm"]) {
      if (existsSync(databasePath + suffix)) renameSync(databasePath + suffix, previous + suffix);
    }
  }
  const incoming = `${databasePath}.restoring`;
  copyFileSync(source, incoming);
  chmodSync(incoming, FILE_MODE);
  fsyncPath(incoming);
  renameSync(incoming, databasePath);
  fsyncPath(dir);
  return { restored: databasePath, previous };
}

/**
 * BACKUP_SCHEDULE=daily: a backup a day, each in a child process (VACUUM INTO holds its process
 * for the length of the copy). The first is due a day after the newest existing backup, or
 * `firstDelayMs` after start when there is none that recent, so restarts neither skip nor repeat days.
 */
export function scheduleBackups({ databasePath, dir, keep, logger, firstDelayMs = 60_000, intervalMs = DAY_MS }) {
  let timer;
  let child;
  let stopped = false;
  const plan = (delay) => {
    if (stopped) return;
    timer = setTimeout(runOnce, delay);
    timer.unref();
  };
  const runOnce = () => {
    child = fork(fileURLToPath(import.meta.url), ["--child", JSON.stringify({ databasePath, dir, keep })], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // Not the server's own flags (an --inspect port would clash).
      execArgv: [],
    });
    let result;
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("message", (message) => (result = message));
    child.on("exit", (code) => {
      child = undefined;
      if (code === 0 && result?.file) logger.info("backup written", { file: basename(result.file), bytes: result.bytes, ms: result.ms, removed: result.removed.length });
      else logger.error("backup failed", { reason: result?.error ?? (stderr.trim().split("\n").pop() || `exit ${code}`) });
      plan(intervalMs);
    });
  };
  const newest = listBackups(databasePath, dir)[0];
  const due = newest ? statSync(newest).mtimeMs + intervalMs - Date.now() : firstDelayMs;
  plan(Math.max(firstDelayMs, due));
  logger.info("daily backups on", { dir, keep, first_in_s: Math.round(Math.max(firstDelayMs, due) / 1000) });
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      child?.kill("SIGTERM");
    },
  };
}

if (process.argv[2] === "--child" && import.meta.url === `file://${process.argv[1]}`) {
  try {
    const result = backupDatabase(JSON.parse(process.argv[3]));
    process.send?.(result);
    process.exit(0);
  } catch (error) {
    process.send?.({ error: error.message.split("\n")[0] });
    process.exit(1);
  }
}
