// Code reads (issue 30, decision 149; issue 42, decision 170), on two workers sharing one database: a
// viewer reads a run's active codes only masked (`••••-••••`, nothing of them), as often as they like,
// and never one code in full; a viewer's exact searches count against CODE_READ_RATE_LIMIT (found or
// not, across both workers), each one a `codes.searched` entry, then 429; an editor reads them in full
// up to CODE_READ_RATE_LIMIT pages an hour, counted across both workers, then gets 429 (6001,
// Retry-After); every page read in full is one `codes.read` audit entry.
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
      viewerAnswers.every((a) => a.status === 200) && shown.length === RUN * 3 && shown.every((c) => c.masked === true && c.code === "••••-••••") && full.length === RUN && leaked.length === 0,
      "a viewer reads every active code masked, 12 pages in a row, never one in full",
      `${viewerAnswers.length} pages, statuses ${[...new Set(viewerAnswers.map((a) => a.status))].join("/")}, ${shown.length} codes shown, ${leaked.length} of ${full.length} leaked`,
    );

    // The viewer's exact searches (issue 42, N1): half of them codes of the run, half guesses; each counts.
    const searches = [];
    for (let i = 0; i < LIMIT + 2; i++) searches.push(await call(viewer, `/api/v1/codes/list/?code=${i % 2 ? full[i] : `QQ${String(i).padStart(6, "7")}`}`));
    const searchedOk = searches.slice(0, LIMIT);
    const searchedRefused = searches.slice(LIMIT);
    t.ok(
      searchedOk.every((a) => a.status === 200 && a.json?.data?.codes?.every((c) => c.code === "••••-••••")) &&
        searchedRefused.every((a) => a.status === 429 && a.json?.data === null && Number(a.headers["retry-after"]) > 0) &&
        full.every((code) => !searches.some((a) => a.text.includes(code))),
      `a viewer's exact searches count, found or not: ${LIMIT} answered (masked), then 429 before any count is shown (one count across both workers)`,
      `statuses ${searches.map((a) => a.status).join(",")}; at ${LIMIT} searches an hour a run's 31^8 space is out of reach`,
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
    const searched = Number((await store.get("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'codes.searched' AND actor = ?", ["reads.viewer"])).n);
    await store.close();
    t.ok(
      counts.editor === LIMIT && counts.viewer === 0 && counts.owner === RUN / 10 && searched === LIMIT,
      "one codes.read entry per page read in full, none for the viewer; one codes.searched entry per search answered",
      JSON.stringify({ ...counts, viewerSearches: searched }),
    );
    return { engine: database.engine, limit: LIMIT, viewerPages: viewerAnswers.length, viewerSearchStatuses: searches.map((a) => a.status).join(","), editorStatuses: editorAnswers.map((a) => a.status).join(","), audit: { ...counts, viewerSearches: searched } };
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
