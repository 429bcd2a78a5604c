// Backup: `npm run backup` taken during a stream of writes to a running server (two workers) gives a
// file that `npm run restore` accepts, that passes integrity_check and that holds every message
// acknowledged before the backup began; a server started on the restored folder serves it. The
// restore refuses a data folder a server is running on. BACKUP_SCHEDULE=daily writes one inside the
// server without anyone asking.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bin } from "../../scripts/run.mjs";
import { login, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { openStore } from "../../bench/store.mjs";
import { integrityCheck } from "../../db/backup.mjs";
import { JSON_HEADERS, logLines, parseJson, runCommand, send, waitUntil } from "./harness.mjs";

export async function run(t) {
  const base = tempDir("hardening-backup");
  const dataDir = join(base, "data");
  const backupDir = join(base, "backups");
  const env = { WEB_CONCURRENCY: "2", BACKUP_SCHEDULE: "daily", BACKUP_FIRST_DELAY_SECONDS: "2", BACKUP_DIR: backupDir, BACKUP_KEEP: "5" };
  const server = await startServer({ dataDir, captureLog: true, env });
  const figures = {};
  let restoredServer;
  try {
    await scheduledBackup(t, server, backupDir);
    const { file, beforeBackup, acknowledged } = await backupDuringWrites(t, server, { dataDir, backupDir }, figures);
    const { restoreDir, rows } = await restoreIntoFreshFolder(t, { base, dataDir, file, beforeBackup, acknowledged });
    restoredServer = await startServer({ dataDir: restoreDir, env: { WEB_CONCURRENCY: "1" } });
    await restoredServerServes(t, restoredServer, rows);
    return figures;
  } finally {
    await server.stop();
    if (restoredServer) await restoredServer.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

/** Scheduled: the first daily backup is due 2 s after start when there is none. */
async function scheduledBackup(t, server, backupDir) {
  const scheduled = await waitUntil(() => /"msg":"backup written"/.test(server.log()), 30_000);
  const line = logLines(server.log()).find((l) => l.msg === "backup written");
  const files = readdirSync(backupDir).filter((f) => f.endsWith(".db"));
  t.ok(
    scheduled && files.length === 1 && integrityCheck(join(backupDir, files[0])) === "ok" && line.worker === undefined,
    "BACKUP_SCHEDULE=daily writes a checked backup inside the server (once, in the primary)",
    `log: ${line ? `"${line.msg}" ${line.file}, ${line.bytes} bytes, ${line.ms} ms` : "none"}; files ${files.join(", ")}`,
  );
}

/**
 * A stream of writes; a backup taken in the middle of it. The restore then refuses the running
 * server's folder.
 */
async function backupDuringWrites(t, server, { dataDir, backupDir }, figures) {
  const acknowledged = [];
  let streaming = true;
  let n = 0;
  const writers = Array.from({ length: 6 }, async () => {
    while (streaming) {
      const i = n++;
      const r = await send(server.base, "/api/v1/general/contact/create/", {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({ name: `Backup stream ${i}`, phone_number: "+20 100 000 0003", message: `Written while a backup runs, ${i}.` }),
      });
      const id = parseJson(r.text)?.data?.id;
      if (r.status === 201 && id) acknowledged.push(id);
    }
  });
  await sleep(1500);
  const beforeBackup = [...acknowledged];
  const backupRun = await runCommand(bin("tsx"), ["scripts/backup.ts"], { DATABASE_URL: server.databaseUrl, DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: "5" }, 120_000);
  const duringBackup = acknowledged.length - beforeBackup.length;
  await sleep(500);
  streaming = false;
  await Promise.all(writers);
  const file = /Backup written: (\S+)/.exec(backupRun.output)?.[1];
  figures.backup = { output: backupRun.output.trim(), acknowledgedBefore: beforeBackup.length, acknowledgedDuring: duringBackup, acknowledgedTotal: acknowledged.length };
  const refused = await runCommand(bin("tsx"), ["scripts/restore.ts", file ?? "missing"], { DATABASE_URL: server.databaseUrl, DATA_DIR: dataDir }, 120_000);
  t.ok(
    backupRun.code === 0 && file && refused.code === 1 && /a server is running on/.test(refused.output),
    "npm run backup during a stream of writes; npm run restore refuses a folder a server runs on",
    `backup: ${backupRun.output.trim().split("\n").pop()}; ${beforeBackup.length} messages acknowledged before it began, ${duringBackup} while it ran; restore on the live folder: exit ${refused.code}, "${refused.output.trim().split("\n").pop()}"`,
  );
  return { file, beforeBackup, acknowledged };
}

/**
 * Restore into a fresh, stopped data folder (the secret and the codes key are backed up separately:
 * copied here; without the codes key the server refuses the restored codes, decision 081).
 */
async function restoreIntoFreshFolder(t, { base, dataDir, file, beforeBackup, acknowledged }) {
  const restoreDir = join(base, "restored");
  mkdirSync(restoreDir, { recursive: true, mode: 0o700 });
  for (const key of ["secret.key", "codes.key"]) copyFileSync(join(dataDir, key), join(restoreDir, key));
  const restoredUrl = `file:${join(restoreDir, "app.db")}`;
  const restore = await runCommand(bin("tsx"), ["scripts/restore.ts", file ?? "missing"], { DATABASE_URL: restoredUrl, DATA_DIR: restoreDir }, 120_000);
  const store = await openStore(restoredUrl, { readonly: true });
  let missing = 0;
  for (const id of beforeBackup) if (!(await store.get("SELECT 1 AS one FROM contacts WHERE id = ?", [id]))) missing++;
  const rows = Number((await store.get("SELECT count(*) AS n FROM contacts")).n);
  await store.close();
  const integrity = integrityCheck(join(restoreDir, "app.db"));
  t.ok(
    restore.code === 0 && integrity === "ok" && missing === 0 && rows >= beforeBackup.length,
    "the restored database passes integrity_check and holds every write acknowledged before the backup began",
    `restore exit ${restore.code}; integrity_check ${integrity}; ${beforeBackup.length} acknowledged before, ${missing} missing; ${rows} messages in the backup (of ${acknowledged.length} acknowledged by the end of the stream)`,
  );
  return { restoreDir, rows };
}

/** A server started on the restored folder serves it: the admin signs in, the messages are listed. */
async function restoredServerServes(t, restoredServer, rows) {
  const session = await login(restoredServer.base).catch((error) => ({ error: error.message }));
  const list = session.access
    ? await send(restoredServer.base, "/api/v1/general/contact/list/", { headers: { ...JSON_HEADERS, authorization: `Bearer ${session.access}` } })
    : { status: 0 };
  const total = parseJson(list.text ?? "")?.pagination?.total_count ?? parseJson(list.text ?? "")?.data?.pagination?.total_count;
  t.ok(
    list.status === 200 && total === rows,
    "a server started on the restored folder (with the secret and the codes key restored beside it) serves it: the admin signs in, the messages are listed",
    `login ${session.access ? "ok" : session.error}; contact list HTTP ${list.status}, total ${total}`,
  );
}
