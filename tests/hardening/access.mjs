// Access: every admin page, action and API call, anonymously and with expired, tampered,
// `alg: none`, wrongly signed and wrong-type tokens (as bearer and as cookies): refused every time,
// and nothing changes. A refresh token presented again after the grace window revokes its whole
// family. Cross-origin POSTs are refused.
import { createHmac } from "node:crypto";
import { insertCodes, login, openDb, productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { form, isEnvelope, JSON_HEADERS, parseJson, send } from "./harness.mjs";

const GRACE_MS = 10_000; // REUSE_GRACE_MS in app/features/sessions/sessions.server.ts
const TTL_SECONDS = 2; // access tokens of this server expire fast, so a real expired one is at hand

const b64url = (value) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
const decode = (part) => JSON.parse(Buffer.from(part, "base64url").toString());

function variants(access, refresh) {
  const [header, payload, signature] = access.split(".");
  const claims = decode(payload);
  const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
  const forged = (h, p, key) => {
    const head = `${b64url(h)}.${b64url(p)}`;
    return `${head}.${createHmac("sha256", key).update(head).digest("base64url")}`;
  };
  return {
    "tampered payload": `${header}.${b64url({ ...claims, usr: "someone-else", exp: claims.exp + 86_400 })}.${signature}`,
    "tampered signature": `${header}.${payload}.${flipped}`,
    "alg none": `${b64url({ alg: "none", typ: "at+jwt" })}.${b64url({ ...claims, exp: claims.exp + 86_400 })}.`,
    "alg none, no dot": `${b64url({ alg: "none", typ: "at+jwt" })}.${b64url(claims)}`,
    "signed with another key": forged(decode(header), { ...claims, exp: claims.exp + 86_400 }, "not-the-server-secret-but-32-chars-long"),
    "HS512 header": forged({ alg: "HS512", typ: "at+jwt" }, claims, "x".repeat(64)),
    "refresh token as access token": refresh,
    garbage: "not-a-token",
  };
}

export async function run(t) {
  const dataDir = tempDir("hardening-access");
  const server = await startServer({ dataDir, env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
  const base = server.base;
  const figures = { requests: 0, refused: 0 };
  try {
    const seeded = await seedData(server);
    const snapshot = () => databaseState(server.databasePath);
    const rotated = await rotateFamily(t, base);
    await badTokensRefused(t, base, seeded, snapshot, figures);
    const valid = await crossOriginWrites(t, base, seeded, snapshot);
    await refreshReuse(t, base, rotated, valid);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** Codes (active, expired, in a print run) and a contact message that no refused call may read or change. */
async function seedData(server) {
  const base = server.base;
  const products = await productIds(base);
  const db = openDb(server.databasePath);
  insertCodes(db, { count: 3, productIds: products, prefix: "AC" });
  insertCodes(db, { count: 3, productIds: products, prefix: "AX", expiredShare: 1 });
  insertCodes(db, { count: 4, productIds: products, prefix: "AB", batches: 1 });
  const batchId = db.prepare("SELECT id FROM batches LIMIT 1").get().id;
  const activeId = db.prepare("SELECT id FROM codes WHERE status = 'active' LIMIT 1").get().id;
  const expiredId = db.prepare("SELECT id FROM codes WHERE status != 'active' LIMIT 1").get().id;
  db.prepare("INSERT INTO contacts (id, name, phone_number, message, created_at) VALUES ('c1', 'Secret Sender', '+971500000000', 'private message', ?)").run(new Date().toISOString());
  db.close();
  return { products, batchId, activeId, expiredId };
}

/** The codes, the print runs and the number of contacts, to compare before and after refused calls. */
function databaseState(databasePath) {
  const c = openDb(databasePath, { readonly: true });
  const s = JSON.stringify(c.prepare("SELECT id, status FROM codes ORDER BY id").all()) + c.prepare("SELECT count(*) AS n FROM contacts").get().n + JSON.stringify(c.prepare("SELECT id, status FROM batches ORDER BY id").all());
  c.close();
  return s;
}

/** A family whose refresh token is rotated now and presented again after the grace window. */
async function rotateFamily(t, base) {
  const family = await login(base);
  const rotation = parseJson((await send(base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: family.refresh }) })).text);
  const rotatedAt = Date.now();
  t.ok(rotation?.data?.refresh_token && rotation.data.refresh_token !== family.refresh, "a refresh rotates the refresh token", "new pair issued");
  return { family, rotation, rotatedAt };
}

const refusedApi = (r) => r.status === 401 && isEnvelope(parseJson(r.text)) && parseJson(r.text).status_code === 6001;
const refusedPage = (r, base) =>
  (r.status === 302 || r.status === 303 || r.status === 307) && new URL(r.headers.get("location") ?? "x:", base).pathname === "/admin" && !r.text.includes("Secret Sender") && !r.text.includes("AC");

/** Every admin page, action and API call refuses anonymous, expired, tampered, alg:none, foreign-key and wrong-type tokens. */
async function badTokensRefused(t, base, seeded, snapshot, figures) {
  // An access token that is genuinely expired (this server's tokens live 2 s).
  const old = await login(base);
  await sleep((TTL_SECONDS + 1.5) * 1000);
  const fresh = await login(base);
  const before = snapshot();

  const tokens = { anonymous: null, expired: old.access, ...variants(fresh.access, fresh.refresh) };
  const surface = adminSurface(seeded);
  const tally = { count: 0, failures: [] };
  for (const [name, token] of Object.entries(tokens)) await tryToken(base, surface, name, token, tally);
  // A refresh cookie that is not a live refresh token does not sign anyone in either.
  for (const [name, token] of Object.entries(variants(fresh.access, fresh.refresh))) {
    if (name === "refresh token as access token") continue;
    const r = await send(base, "/admin/dashboard", { headers: { cookie: `__Host-refresh_token=${token}` } });
    tally.count++;
    if (!refusedPage(r, base)) tally.failures.push(`${name} as refresh cookie: GET /admin/dashboard → ${r.status}`);
  }
  const { count, failures } = tally;
  figures.requests = count;
  figures.refused = count - failures.length;
  t.ok(failures.length === 0, "every admin page, action and API call refuses anonymous, expired, tampered, alg:none, foreign-key and wrong-type tokens", `${count - failures.length} of ${count} refused${failures.length ? "; accepted: " + failures.slice(0, 6).join("; ") : ""}`);
  t.ok(snapshot() === before, "nothing changed in the database after the refused calls", "codes, print runs and contacts identical");
  const control = await send(base, "/api/v1/codes/list/", { headers: { authorization: `Bearer ${(await login(base)).access}` } });
  t.ok(control.status === 200, "control: a valid token is accepted", `HTTP ${control.status}`);
}

/** What the bad tokens try: the API calls, the pages and the code actions of the admin. */
function adminSurface({ products, batchId, activeId, expiredId }) {
  const api = [
    ["GET", "/api/v1/codes/list/"],
    ["GET", "/api/v1/codes/list/?status=expired&page=1"],
    ["POST", "/api/v1/codes/create/", JSON.stringify({ code: "INTRUDER1", product_id: products[0] })],
    ["PUT", `/api/v1/codes/expire/${activeId}/`],
    ["PATCH", `/api/v1/codes/expire/${activeId}/`],
    ["DELETE", `/api/v1/codes/delete/${expiredId}/`],
    ["GET", "/api/v1/general/contact/list/"],
    ["GET", "/api/v1/general/dashboard/overview/"],
    ["GET", "/api/v1/batches/list/"],
    ["POST", "/api/v1/batches/create/", JSON.stringify({ product_id: products[0], quantity: 5, lot: "INTRUDER" })],
    ["GET", `/api/v1/batches/${batchId}/`],
    ["POST", `/api/v1/batches/revoke/${batchId}/`, JSON.stringify({ reason: "other" })],
    ["POST", `/api/v1/batches/${batchId}/recall/`, JSON.stringify({ notice_en: "Intruder", notice_ar: "دخيل" })],
    ["POST", `/api/v1/batches/${batchId}/recall/lift/`],
    ["GET", `/api/v1/batches/${batchId}/codes.csv`],
    ["GET", `/api/v1/batches/${batchId}/labels.pdf?layout=L7160`],
    ["GET", `/api/v1/batches/${batchId}/labels.zip`],
    ["GET", `/api/v1/codes/list/?batch=${batchId}`],
    ["GET", "/api/v1/admins/list/"],
    ["POST", "/api/v1/admins/create/", JSON.stringify({ username: "intruder.member", role: "owner" })],
    ["PATCH", "/api/v1/admins/x/", JSON.stringify({ role: "owner" })],
    ["POST", "/api/v1/users/password/", JSON.stringify({ current_password: "x", new_password: "intruder-password-long" })],
    ["GET", "/api/v1/audit/list/"],
    ["GET", "/api/v1/scans/list/"],
    ["GET", "/api/v1/scans/export.csv"],
    ["GET", "/api/v1/analytics/overview/"],
    ["GET", "/api/v1/alerts/list/"],
    ["POST", "/api/v1/alerts/00000000-0000-0000-0000-000000000000/status/", JSON.stringify({ status: "closed" })],
    ["GET", "/api/v1/reports/list/"],
    ["POST", "/api/v1/reports/00000000-0000-0000-0000-000000000000/status/", JSON.stringify({ status: "closed" })],
  ];
  const pages = [
    "/admin/dashboard",
    "/admin/dashboard/codes",
    "/admin/dashboard/codes?status=expired",
    "/admin/dashboard/contacts",
    `/admin/dashboard/codes/${activeId}/qr.svg`,
    "/admin/dashboard/batches",
    `/admin/dashboard/batches/${batchId}`,
    `/admin/dashboard/batches/${batchId}/codes.csv`,
    `/admin/dashboard/batches/${batchId}/labels.pdf`,
    `/admin/dashboard/batches/${batchId}/labels.zip`,
    "/admin/dashboard/team",
    "/admin/dashboard/audit",
    "/admin/dashboard/audit/export.csv",
    "/admin/dashboard/account",
    "/admin/dashboard/scans",
    "/admin/dashboard/scans/export.csv",
    "/admin/dashboard/alerts",
    "/admin/dashboard/reports",
  ];
  const actions = [
    { intent: "create", code: "INTRUDER2", product_id: products[0] },
    { intent: "expire", id: activeId },
    { intent: "delete", id: expiredId },
    { intent: "generate", product_id: products[0] },
  ];
  return { products, batchId, api, pages, actions };
}

/** One token (or none) against every API call (as bearer and as cookies), page and form; refusals counted in `tally`. */
async function tryToken(base, { products, batchId, api, pages, actions }, name, token, tally) {
  for (const [method, path, body] of api) {
    const headers = { ...JSON_HEADERS };
    if (token) headers.authorization = `Bearer ${token}`;
    const r = await send(base, path, { method, headers, body });
    tally.count++;
    if (!refusedApi(r)) tally.failures.push(`${name}: ${method} ${path} → ${r.status}`);
    // The same token as cookies must not open the API either (bearer only).
    if (token) {
      const c = await send(base, path, { method, headers: { ...JSON_HEADERS, cookie: `__Host-access_token=${token}; __Host-refresh_token=${token}` }, body });
      tally.count++;
      if (!refusedApi(c)) tally.failures.push(`${name} (cookie): ${method} ${path} → ${c.status}`);
    }
  }
  const cookie = token ? `__Host-access_token=${token}` : "";
  for (const path of pages) {
    const r = await send(base, path, { headers: cookie ? { cookie } : {} });
    tally.count++;
    if (!refusedPage(r, base)) tally.failures.push(`${name}: GET ${path} → ${r.status}`);
    if (token) {
      const bearerOnly = await send(base, path, { headers: { authorization: `Bearer ${token}` } });
      tally.count++;
      if (!refusedPage(bearerOnly, base)) tally.failures.push(`${name} (bearer on a page): GET ${path} → ${bearerOnly.status}`);
    }
  }
  for (const [path, fields] of [
    ...actions.map((a) => ["/admin/dashboard/codes", a]),
    ["/admin/dashboard/team", { intent: "add", username: "intruder.member", role: "owner", delivery: "password" }],
    ["/admin/dashboard/team", { intent: "require-mfa", required: "on" }],
    ["/admin/dashboard/account", { intent: "sessions-end-others" }],
  ]) {
    const f = form(fields);
    const r = await send(base, path, { method: "POST", headers: { ...f.headers, ...(cookie ? { cookie } : {}) }, body: f.body });
    tally.count++;
    if (!refusedPage(r, base)) tally.failures.push(`${name}: POST ${path} ${fields.intent} → ${r.status}`);
  }
  for (const [path, fields] of [
    ["/admin/dashboard/batches", { product_id: products[0], quantity: "5", lot: "INTRUDER" }],
    [`/admin/dashboard/batches/${batchId}`, { intent: "revoke", reason: "other", confirm: "yes" }],
  ]) {
    const f = form(fields);
    const r = await send(base, path, { method: "POST", headers: { ...f.headers, ...(cookie ? { cookie } : {}) }, body: f.body });
    tally.count++;
    if (!refusedPage(r, base)) tally.failures.push(`${name}: POST ${path} → ${r.status}`);
  }
  const session = await send(base, "/admin/session", { headers: cookie ? { cookie } : {} });
  tally.count++;
  if (session.status !== 401) tally.failures.push(`${name}: GET /admin/session → ${session.status}`);
}

/** Cross-origin writes are refused and change nothing; returns the valid session it signed in. */
async function crossOriginWrites(t, base, { products, activeId }, snapshot) {
  const evil = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
  const valid = await login(base);
  const crossSite = [
    ["verify API", "/api/v1/codes/verify/", { ...JSON_HEADERS, ...evil }, JSON.stringify({ code: "ACAAAAAAAA" })],
    ["contact API", "/api/v1/general/contact/create/", { ...JSON_HEADERS, ...evil }, JSON.stringify({ name: "Evil", phone_number: "+971500000000", message: "cross-site" })],
    ["codes create API with a valid bearer", "/api/v1/codes/create/", { ...JSON_HEADERS, ...evil, authorization: `Bearer ${valid.access}` }, JSON.stringify({ code: "CROSSITE1", product_id: products[0] })],
    ["contact form", "/contact", { ...form({}).headers, ...evil }, new URLSearchParams({ name: "Evil", phone_number: "+971500000000", message: "cross-site" }).toString()],
    ["verify form", "/verify", { ...form({}).headers, ...evil }, "code=ACAAAAAAAA"],
    ["login form", "/admin", { ...form({}).headers, ...evil }, "username=bench-admin&password=bench-password-long-enough"],
    ["admin codes form with valid cookies", "/admin/dashboard/codes", { ...form({}).headers, ...evil, cookie: valid.cookie }, `intent=expire&id=${activeId}`],
    ["Origin null", "/admin/dashboard/codes", { ...form({}).headers, origin: "null", cookie: valid.cookie }, `intent=expire&id=${activeId}`],
    ["Origin only (no Sec-Fetch-Site)", "/api/v1/general/contact/create/", { ...JSON_HEADERS, origin: "http://evil.example" }, JSON.stringify({ name: "Evil", phone_number: "+971500000000", message: "x" })],
    ["same-site subdomain", "/contact", { ...form({}).headers, origin: "http://sub.127.0.0.1", "sec-fetch-site": "same-site" }, "name=a&phone_number=%2B971500000000&message=b"],
  ];
  const crossFailures = [];
  const beforeCross = snapshot();
  const crossStatuses = {};
  for (const [label, path, headers, body] of crossSite) {
    const r = await send(base, path, { method: "POST", headers, body });
    crossStatuses[r.status] = (crossStatuses[r.status] ?? 0) + 1;
    // The app's guard answers 403; React Router refuses a cross-origin page action before it, with 400.
    const refused = r.status === 403 || (!path.startsWith("/api/") && r.status === 400);
    if (!refused) crossFailures.push(`${label} → ${r.status}`);
  }
  t.ok(crossFailures.length === 0 && snapshot() === beforeCross, "cross-origin POSTs are refused and change nothing", `${crossSite.length - crossFailures.length} of ${crossSite.length} refused (HTTP ${JSON.stringify(crossStatuses)})${crossFailures.length ? "; " + crossFailures.join("; ") : ""}`);
  return valid;
}

/** Refresh-token reuse after the grace window revokes the whole family, and no other session. */
async function refreshReuse(t, base, { family, rotation, rotatedAt }, valid) {
  const wait = GRACE_MS + 1000 - (Date.now() - rotatedAt);
  if (wait > 0) await sleep(wait);
  const reuse = await send(base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: family.refresh }) });
  const successor = await send(base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: rotation.data.refresh_token }) });
  const familyAccess = await send(base, "/api/v1/codes/list/", { headers: { authorization: `Bearer ${rotation.data.access_token}` } });
  t.ok(
    reuse.status === 401 && parseJson(reuse.text)?.error === "token_reused" && successor.status === 401 && familyAccess.status === 401,
    "a refresh token reused after the grace window revokes its whole family",
    `reuse ${((Date.now() - rotatedAt) / 1000).toFixed(1)} s after rotation → ${reuse.status} ${parseJson(reuse.text)?.error}; successor refresh → ${successor.status}; family's access token → ${familyAccess.status}`,
  );
  const other = await send(base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: valid.refresh }) });
  t.ok(other.status === 200, "other sessions are untouched by that revocation", `another session's refresh → HTTP ${other.status}`);
}
