// Outage (PostgreSQL): an instance whose database stops. /healthz keeps answering 200 (the process is
// fine), /readyz answers 503 (a load balancer stops sending it shoppers), a verification answers
// 503 rather than hanging; when the database is back, /readyz and verification recover without a
// restart of the app.
import { productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { freshPostgresDatabase, openStore } from "../../bench/store.mjs";
import { JSON_HEADERS, parseJson, send, sendFresh, waitUntil } from "./harness.mjs";

export async function run(t, context) {
  const cluster = context.postgres;
  if (!cluster) throw new Error("the outage check needs a PostgreSQL cluster it may stop (npm run test:postgres)");
  const dataDir = tempDir("hardening-outage");
  const database = await freshPostgresDatabase(cluster.url, "outage");
  const server = await startServer({ dataDir, databaseUrl: database.url, env: { WEB_CONCURRENCY: "2" }, captureLog: true });
  try {
    // /readyz answers as soon as one worker listens; the primary says "Listening on" once both do. A
    // worker still starting when the database stops fails to start, and the primary then stops the
    // server (a start failure): the outage under test is one that strikes a running server.
    await waitUntil(() => /"msg":"Listening on/.test(server.log()), 30_000);
    const store = await openStore(database.url, { dataDir });
    const codes = await store.insertCodes({ count: 2, productIds: await productIds(server.base), prefix: "OU", returnActive: true });
    await store.close();
    const ready = await send(server.base, "/readyz");

    await cluster.pause();
    const t0 = Date.now();
    const down = await Promise.all([sendFresh(server.base, "/readyz"), sendFresh(server.base, "/readyz"), sendFresh(server.base, "/healthz")]);
    const readyMs = Date.now() - t0;
    const verifyDown = await sendFresh(server.base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: codes[0] }) });
    const verifyMs = Date.now() - t0 - readyMs;
    t.ok(
      ready.status === 200 && down[0].status === 503 && down[1].status === 503 && down[2].status === 200 && verifyDown.status === 503,
      "database stopped: /healthz 200, /readyz 503, a verification 503 (no hang)",
      `before: /readyz ${ready.status}; during: /readyz ${down[0].status} ${down[0].text} and ${down[1].status} in ${readyMs} ms, /healthz ${down[2].status}, verify ${verifyDown.status} in ${verifyMs} ms${serverTail(server)}`,
    );

    await cluster.resume();
    const back = await waitUntil(async () => (await sendFresh(server.base, "/readyz")).status === 200, 30_000, 250);
    await sleep(200);
    const answers = [];
    for (const code of codes) answers.push(await sendFresh(server.base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code }) }));
    t.ok(
      back && answers.every((r) => r.status === 200 && parseJson(r.text)?.data?.is_valid === true),
      "database back: /readyz 200 and verification works again without restarting the app",
      `/readyz ${back ? "200" : "still not ready"}; verifications ${answers.map((r) => `${r.status} ${parseJson(r.text)?.data?.is_valid}`).join(", ")}${serverTail(server)}`,
    );
    return { readyMs, verifyMs };
  } finally {
    await server.stop();
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** On a failure, the last lines the server wrote to stderr (why it stopped answering, if it did). */
function serverTail(server) {
  const tail = server.stderr().trim().split("\n").slice(-6).join(" | ");
  return tail ? `; server stderr: ${tail}` : "";
}
