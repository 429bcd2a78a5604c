// `npm run bench:size`: what a shopper's browser downloads first, per public page (en and ar), from
// the production build on a fresh database: the document (bytes, and gzip as the server sends it:
// server.js's `COMPRESSION_LEVELS.answers`) and first-load JavaScript (kB gzip).
//
// First-load JavaScript, measured the same way each time: the JavaScript files the served document
// asks for before any interaction (the modulepreload links and the module script's imports, which
// the paint-first loader adds after the first paint) and everything they import statically,
// followed file by file in build/client (the router's inlined manifest also names other routes'
// modules, for navigation: not counted); each file gzipped at `COMPRESSION_LEVELS.assets` (what the
// server's compression sends for /assets/) and summed. Dynamic imports (the lazily loaded form validators, the
// QR label tools) are not first-load and are not counted. Results in bench/results/size.json.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild, fetchRetry, machine, makePacks, productIds, root, rmSync, startServer, tempDir, writeResult } from "../bench/lib.mjs";
import { COMPRESSION_LEVELS } from "../server.js";

const CLIENT = join(root, "build/client");
const LIMITS = { homeRawKb: 30, pageGzipKb: 12 };

const kb = (n) => Math.round((n / 1024) * 10) / 10;
const gz = (buffer, level) => gzipSync(buffer, { level }).length;

/** The static import closure of some /assets/*.js files, each counted once. */
function staticClosure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const href = queue.pop();
    if (seen.has(href)) continue;
    const file = join(CLIENT, href);
    if (!existsSync(file)) throw new Error(`${href} is not in build/client`);
    seen.add(href);
    const source = readFileSync(file, "utf8");
    // Static imports only: `import … from "./x.js"` and `import "./x.js"`; not `import("./x.js")`.
    for (const m of source.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1], `http://x${href}`).pathname);
    }
  }
  return [...seen];
}

/**
 * The JavaScript a served document starts with: its modulepreload links (or the list the paint-first
 * loader turns into them) and the route modules and entry its module script imports. The router's
 * inlined manifest also names other routes' modules (for links the visitor may follow); those load
 * only on navigation and are not counted.
 */
function documentScripts(html) {
  const hrefs = new Set();
  const add = (list) => {
    for (const m of list.matchAll(/\/assets\/[\w.-]+\.js/g)) hrefs.add(m[0]);
  };
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) add(m[1]);
  const loader = /h=d\.head;(\[[^\]]*\])\.forEach/.exec(html);
  if (loader) add(loader[1]);
  for (const m of html.matchAll(/import \* as route\d+ from \\?"(\/assets\/[\w.-]+\.js)\\?"/g)) add(m[1]);
  for (const m of html.matchAll(/import\(\\?"(\/assets\/entry\.client[\w.-]*\.js)\\?"\)/g)) add(m[1]);
  if (hrefs.size === 0) throw new Error("no scripts found in the document: has its markup changed?");
  return [...hrefs];
}

await ensureBuild();
const load = machine();
const dataDir = tempDir("size");
const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1" } });
const rows = [];
try {
  const [productId] = await productIds(server.base);
  const pages = [
    ["/", "home"],
    ["/products", "products"],
    ["/products/face", "category"],
    [`/product/${productId}`, "product"],
    ["/verify", "verify"],
    ["/contact", "contact"],
    [(await makePacks(server.base, productId, { quantity: 1, lot: "SIZE-1" }))[0].pathname, "pack"],
  ];
  for (const [path, name] of pages) {
    for (const lang of ["en", "ar"]) {
      const response = await fetchRetry(`${server.base}${path}?lng=${lang}`, { headers: { accept: "text/html" } });
      const html = Buffer.from(await response.arrayBuffer());
      const files = staticClosure(documentScripts(html.toString("utf8")));
      const js = files.reduce((sum, href) => sum + gz(readFileSync(join(CLIENT, href)), COMPRESSION_LEVELS.assets), 0);
      rows.push({ page: name, path: path.replace(productId, "{id}").replace(/\/21\/[^/?]+/, "/21/{serial}"), lang, status: response.status, htmlKb: kb(html.length), htmlGzipKb: kb(gz(html, COMPRESSION_LEVELS.answers)), jsGzipKb: kb(js), jsFiles: files.length });
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`${"page".padEnd(10)}${"lang".padEnd(6)}${"HTML kB".padStart(9)}${"HTML gz".padStart(9)}${"JS gz kB".padStart(10)}${"files".padStart(7)}  target`);
const misses = [];
for (const r of rows) {
  const met = r.htmlGzipKb < LIMITS.pageGzipKb && (r.page !== "home" || r.htmlKb < LIMITS.homeRawKb);
  if (!met) misses.push(`${r.page} ${r.lang}`);
  console.log(`${r.page.padEnd(10)}${r.lang.padEnd(6)}${String(r.htmlKb).padStart(9)}${String(r.htmlGzipKb).padStart(9)}${String(r.jsGzipKb).padStart(10)}${String(r.jsFiles).padStart(7)}  ${met ? "met" : "MISSED"} (${r.page === "home" ? `< ${LIMITS.homeRawKb} kB, ` : ""}< ${LIMITS.pageGzipKb} kB gzip)`);
}
console.log(misses.length ? `targets missed: ${misses.join(", ")}` : "every document target met");
console.log(`load average ${load.loadavg.join(" ")} on ${load.cpus} CPUs (sizes do not depend on it)`);
const file = writeResult("size.json", { date: new Date().toISOString(), command: "npm run bench:size", machine: load, limits: LIMITS, method: `document as served (gzip at level ${COMPRESSION_LEVELS.answers}); first-load JS = static import closure of the document's /assets/*.js, each file gzipped at level ${COMPRESSION_LEVELS.assets}, summed`, rows });
console.log(`written to ${file}`);
