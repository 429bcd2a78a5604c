// Code reads (issue 30, decision 149), on two workers sharing one database: a viewer reads a run's
// active codes only masked (`ABCD-••••`), as often as they like, and never one code in full; an
// editor reads them in full up to CODE_READ_RATE_LIMIT pages an hour, counted across both workers,
// then gets 429 (6001, Retry-After); every page read in full is one `codes.read` audit entry.
import { login, productIds, rmSync, startServer, tempDir } from "../../bench/lib.mjs";
import { checkDatabase, openStore } from "../../bench/store.mjs";
import { JSON_HEADERS, parseJson, sendFresh } from "./harness.mjs";

const LIMIT = 5;
const RUN = 40;

export async function run(t) {
  const dataDir = tempDir("hardening-code-reads");
  const database = await checkDatabase(dataDir, "reads");
  const server = await startServer({ dataDir, databaseUrl: database.url, env: { WEB_CONCURRENCY: "2", CODE_READ_RATE_LIMIT: String(LIMIT) } });
  const base = server.base;
  const call = (token, path, { method = "GET", body } = {}) =>
    sendFresh(base, path, { method, headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) }).then((answer) => ({
      ...answer,
      json: parseJson(answer.text),
    }));
  try {
    const owner = (await login(base)).access;
    const [productId] = await productIds(base);
    const made = await call(owner, "/api/v1/batches/create/", { method: "POST", body: { product_id: productId, quantity: RUN, lot: "HARD-READS" } });
    const runId = made.json?.data?.batch?.id;
    t.ok(made.status === 201 && runId, "a run of 40 made through the API", `status ${made.status}`);

    const member = async (username, role) => {
      const temporary = "sapphire-kettle-morning-3";
      const password = "harbor-quill-tangerine-58";
      await call(owner, "/api/v1/admins/create/", { method: "POST", body: { username, role, password: temporary } });
      const first = (await login(base, { username, password: temporary })).access;
      await call(first, "/api/v1/users/password/", { method: "POST", body: { current_password: temporary, new_password: password } });
      return (await login(base, { username, password })).access;
    };
    const viewer = await member("reads.viewer", "viewer");
    const editor = await member("reads.editor", "editor");

    // The owner's own full read of the run, page by page (within the owner's limit): the codes to look for.
    const full = [];
    for (let page = 1; page <= RUN / 10; page++) full.push(...((await call(owner, `/api/v1/codes/list/?batch=${runId}&page=${page}`)).json?.data?.codes ?? []).map((c) => c.code));

    const viewerAnswers = [];
    for (let round = 0; round < 3; round++) {
      for (let page = 1; page <= RUN / 10; page++) viewerAnswers.push(await call(viewer, `/api/v1/codes/list/?batch=${runId}&page=${page}`));
    }
    const shown = viewerAnswers.flatMap((a) => a.json?.data?.codes ?? []);
    const leaked = full.filter((code) => viewerAnswers.some((a) => a.text.includes(code)));
    t.ok(
      viewerAnswers.every((a) => a.status === 200) && shown.length === RUN * 3 && shown.every((c) => c.masked === true && /^[A-Z0-9]{4}-••••$/.test(c.code)) && full.length === RUN && leaked.length === 0,
      "a viewer reads every active code masked, 12 pages in a row, never one in full",
      `${viewerAnswers.length} pages, statuses ${[...new Set(viewerAnswers.map((a) => a.status))].join("/")}, ${shown.length} codes shown, ${leaked.length} of ${full.length} leaked`,
    );

    const editorAnswers = [];
    for (let i = 0; i < LIMIT + 2; i++) editorAnswers.push(await call(editor, `/api/v1/codes/list/?batch=${runId}&page=${(i % 4) + 1}`));
    const allowed = editorAnswers.slice(0, LIMIT);
    const refused = editorAnswers.slice(LIMIT);
    t.ok(
      allowed.every((a) => a.status === 200 && a.json?.data?.codes?.every((c) => c.masked === false && full.includes(c.code))) &&
        refused.every((a) => a.status === 429 && a.json?.status_code === 6001 && a.json?.error === "rate_limited" && Number(a.headers["retry-after"]) > 0),
      `an editor reads ${LIMIT} pages in full, then 429 with Retry-After (one count across both workers)`,
      `statuses ${editorAnswers.map((a) => a.status).join(",")}, each on a connection of its own`,
    );

    const store = await openStore(server.databaseUrl, { readonly: true, dataDir });
    const reads = async (username) => Number((await store.get("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'codes.read' AND actor = ?", [username])).n);
    const counts = { editor: await reads("reads.editor"), viewer: await reads("reads.viewer"), owner: await reads("bench-admin") };
    await store.close();
    t.ok(counts.editor === LIMIT && counts.viewer === 0 && counts.owner === RUN / 10, "one codes.read entry per page read in full, none for the viewer", JSON.stringify(counts));
    return { engine: database.engine, limit: LIMIT, viewerPages: viewerAnswers.length, editorStatuses: editorAnswers.map((a) => a.status).join(","), audit: counts };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
