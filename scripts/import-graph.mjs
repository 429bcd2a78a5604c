// npm run graph: the import graph of app/, db/ and migrations/ (tests aside) in figures, and the
// production install's weight. Each figure says what it counts; issue 39's tiers are measured by them.
// `npm run lint` keeps the tiers; this prints the numbers (decisions 183 and 185).
//
// A room is a folder of a tier (app/features/check, app/platform/http, app/composers/admin, …), app/routes,
// app's top-level files taken together as one room "app" (root.tsx, routes.ts,
// runtime.server.ts, …), db/ or migrations/. A tier is app/composers, app/features or app/platform (the
// shared folder-ties tool's folders). An import is a static import or export, a dynamic import(), or a
// file an import.meta.glob matches.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { installWeight } from "./install-weight.mjs";

/** The tiers of docs/architecture.md, top to bottom. */
const TIERS = ["composers", "features", "platform"];
/** Issue 39's targets for the figures below. */
const TARGETS = { ties: 0, pairs: 25, imported: 3 };

const files = execFileSync("git", ["ls-files", "app", "db", "migrations"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$|\.d\.mts$/.test(f) && existsSync(f));
const known = new Set(files);
const features = readdirSync("app/features")
  .filter((name) => statSync(`app/features/${name}`).isDirectory())
  .map((name) => `app/features/${name}`)
  .sort();
/** A file's room: a tier's folder, app/routes, "app" for app's top-level files, db or migrations. */
const folderOf = (f) => {
  const parts = f.split("/");
  if (parts[0] !== "app") return parts[0];
  if (TIERS.includes(parts[1]) && parts.length > 3) return parts.slice(0, 3).join("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : "app";
};
/** A file's folder as the shared folder-ties tool counts it: app/'s own folders (a tier whole). */
const tierOf = (f) => (f.startsWith("app/") ? (f.split("/").length > 2 ? f.split("/").slice(0, 2).join("/") : "app") : f.split("/")[0]);

/** tsconfig.json's exact paths (a frozen migration's old specifier, decision 187). */
const exactPaths = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync("tsconfig.json", "utf8")).compilerOptions.paths)
    .filter(([key]) => !key.includes("*"))
    .map(([key, [target]]) => [key, target.replace(/^\.\//, "")]),
);

function resolve(from, spec) {
  let base;
  if (exactPaths[spec]) return exactPaths[spec];
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith("@db/")) base = `db/${spec.slice(4)}`;
  else if (spec.startsWith("@migrations/")) base = `migrations/${spec.slice(12)}`;
  else if (spec.startsWith(".")) base = new URL(spec, `file:///${from}`).pathname.slice(1);
  else return null;
  for (const ext of ["", ".ts", ".tsx", ".mjs", "/index.ts"]) if (known.has(base + ext)) return base + ext;
  return null;
}

/** The files an import.meta.glob's patterns match (`*` within a folder, `!` to leave out). */
function globbed(from, patterns) {
  const toRegex = (p) => new RegExp(`^${new URL(p, `file:///${from}`).pathname.slice(1).replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
  const take = patterns.filter((p) => !p.startsWith("!")).map(toRegex);
  const leave = patterns.filter((p) => p.startsWith("!")).map((p) => toRegex(p.slice(1)));
  return files.filter((f) => take.some((r) => r.test(f)) && !leave.some((r) => r.test(f)));
}

const graph = new Map();
let edges = 0;
for (const f of files) {
  const text = readFileSync(f, "utf8");
  const targets = new Set();
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
    const t = resolve(f, m[1] ?? m[2]);
    if (t && t !== f) targets.add(t);
  }
  for (const m of text.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|["'][^"']+["'])/g)) {
    const patterns = [...m[1].matchAll(/["']([^"']+)["']/g)].map((p) => p[1]);
    for (const t of globbed(f, patterns)) if (t !== f) targets.add(t);
  }
  graph.set(f, targets);
  edges += targets.size;
}

// File-level cycles: strongly connected components larger than one module (Tarjan).
let index = 0;
const idx = new Map(), low = new Map(), stack = [], on = new Set(), cycles = [];
function connect(v) {
  idx.set(v, index); low.set(v, index++); stack.push(v); on.add(v);
  for (const w of graph.get(v)) {
    if (!idx.has(w)) { connect(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
    if (scc.length > 1) cycles.push(scc);
  }
}
for (const f of files) if (!idx.has(f)) connect(f);

// Folder edges, each with one file import that makes it.
const folderEdges = new Map();
for (const [f, targets] of graph) for (const t of targets) {
  const key = `${folderOf(f)} -> ${folderOf(t)}`;
  if (folderOf(f) !== folderOf(t) && !folderEdges.has(key)) folderEdges.set(key, `${f} -> ${t}`);
}
const tierEdges = new Map();
for (const [f, targets] of graph) for (const t of targets) {
  const key = `${tierOf(f)} -> ${tierOf(t)}`;
  if (tierOf(f) !== tierOf(t) && !tierEdges.has(key)) tierEdges.set(key, `${f} -> ${t}`);
}
const tierTies = [...tierEdges.keys()].map((k) => k.split(" -> ")).filter(([a, b]) => a < b && tierEdges.has(`${b} -> ${a}`));
const has = (a, b) => folderEdges.has(`${a} -> ${b}`);
const ties = [...folderEdges.keys()].map((k) => k.split(" -> ")).filter(([a, b]) => a < b && has(b, a));
const pairs = features.flatMap((a, i) => features.slice(i + 1).filter((b) => has(a, b) || has(b, a)).map((b) => [a, b]));
const fanOut = features.map((a) => [a, features.filter((b) => b !== a && has(a, b)).length]).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
const overImporting = fanOut.filter(([, n]) => n > TARGETS.imported);
const frozen = [...folderEdges.keys()].filter((k) => k.startsWith("migrations -> "));
const upwardDb = [...folderEdges.keys()].filter((k) => k === "db -> migrations" || k.startsWith("db -> app"));
const why = (k) => folderEdges.get(k);
const possible = (features.length * (features.length - 1)) / 2;

console.log(`modules ${files.length}, imports ${edges}, folders ${new Set(files.map(folderOf)).size}, folder edges ${folderEdges.size}`);
console.log(`file-level cycles ${cycles.length}${cycles.map((c) => `\n  ${c.join(" -> ")}`).join("")}`);
console.log(`two-way folder ties ${ties.length} (target ${TARGETS.ties}): two rooms that import each other (a tier's folders, app/routes, app's top-level files as one room "app", db, migrations)`);
for (const [a, b] of ties) console.log(`  ${a} <-> ${b} (${why(`${a} -> ${b}`)}; ${why(`${b} -> ${a}`)})`);
console.log(`two-way tier ties ${tierTies.length} (target ${TARGETS.ties}): the same between app/'s own folders (each tier whole), as the shared folder-ties tool counts`);
for (const [a, b] of tierTies) console.log(`  ${a} <-> ${b} (${tierEdges.get(`${a} -> ${b}`)}; ${tierEdges.get(`${b} -> ${a}`)})`);
console.log(
  `feature-to-feature folder pairs ${pairs.length} of ${possible} (target ≤ ${TARGETS.pairs}): two of the ${features.length} folders of app/features with an import either way`,
);
console.log(`features importing more than ${TARGETS.imported} other features ${overImporting.length} (target 0)${overImporting.length ? `: ${overImporting.map(([f, n]) => `${f.slice(13)} ${n}`).join(", ")}` : ""}`);
console.log(`most other features imported by one feature: ${fanOut.slice(0, 5).map(([f, n]) => `${f.slice(13)} ${n}`).join(", ")}`);
console.log(`migrations importing live code ${frozen.length}${frozen.map((k) => `\n  ${k} (${why(k)})`).join("")}`);
console.log(`db importing upward ${upwardDb.length}${upwardDb.map((k) => `\n  ${k} (${why(k)})`).join("")}`);
// The tiers of docs/architecture.md: a room imports only rooms of its tier or below (db beside platform).
const rank = (folder) => {
  const [, tier] = folder.split("/");
  if (folder === "app") return 0;
  if (folder === "app/routes") return 1;
  if (TIERS.includes(tier)) return 2 + TIERS.indexOf(tier);
  return { db: 4, migrations: 4 }[folder] ?? 4;
};
const upward = [...folderEdges.keys()].filter((k) => { const [a, b] = k.split(" -> "); return rank(b) < rank(a); });
console.log(`folder edges that run up the tiers ${upward.length}${upward.map((k) => `\n  ${k} (${why(k)})`).join("")}`);
const { packages, bytes } = installWeight();
console.log(`production closure ${packages} packages, ${(bytes / 1e6).toFixed(1)} MB of files (npm ls --omit=dev --all; decision 180)`);
