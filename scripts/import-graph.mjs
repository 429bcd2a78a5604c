// npm run graph: the import graph of app/, db/ and migrations/ (tests aside) in figures — modules,
// edges, file-level cycles, and folder-level edges that run both ways or against the layers of
// docs/architecture.md (the feature order is eslint.config.js's FEATURE_ORDER). `npm run lint` keeps
// them at zero; this prints the numbers.
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const files = execFileSync("git", ["ls-files", "app", "db", "migrations"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$|\.d\.mts$/.test(f));
const known = new Set(files);
const order = JSON.parse(/const FEATURE_ORDER = (\[[^\]]*\])/.exec(readFileSync("eslint.config.js", "utf8"))[1]);
// Layers top to bottom; a folder may import only folders at its level or below (features: only later ones).
const rank = (folder) => {
  if (folder === "app/routes") return 1;
  const feature = order.indexOf(folder.replace(/^app\//, ""));
  if (feature >= 0) return 2 + feature / 100;
  return { "app(top)": 0, "app/ui": 3, "app/http": 4, "app/i18n": 5, "app/root-data": 5, migrations: 6, db: 7, "app/lib": 8 }[folder];
};
const folderOf = (f) => (f === "app/root-data.ts" ? "app/root-data" : f.startsWith("app/") ? (f.split("/").length > 2 ? f.split("/").slice(0, 2).join("/") : "app(top)") : f.split("/")[0]);

function resolve(from, spec) {
  let base;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith("@db/")) base = `db/${spec.slice(4)}`;
  else if (spec.startsWith("@migrations/")) base = `migrations/${spec.slice(12)}`;
  else if (spec.startsWith(".")) base = new URL(spec, `file:///${from}`).pathname.slice(1);
  else return null;
  for (const ext of ["", ".ts", ".tsx", ".mjs", "/index.ts"]) if (known.has(base + ext) || (ext === "" && existsSync(base) && known.has(base))) return base + ext;
  return null;
}

const graph = new Map();
let edges = 0;
for (const f of files) {
  const targets = new Set();
  for (const m of readFileSync(f, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
    const t = resolve(f, m[1] ?? m[2]);
    if (t && t !== f) targets.add(t);
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

const folderEdges = new Map();
for (const [f, targets] of graph) for (const t of targets) {
  const a = folderOf(f), b = folderOf(t);
  if (a !== b) folderEdges.set(`${a} -> ${b}`, (folderEdges.get(`${a} -> ${b}`) ?? 0) + 1);
}
const twoWay = [...folderEdges.keys()].filter((k) => folderEdges.has(k.split(" -> ").reverse().join(" -> ")));
const upward = [...folderEdges.keys()].filter((k) => { const [a, b] = k.split(" -> "); return rank(b) < rank(a); });

console.log(`modules ${files.length}, imports ${edges}, folders ${new Set(files.map(folderOf)).size}, folder edges ${folderEdges.size}`);
console.log(`file-level cycles ${cycles.length}${cycles.map((c) => `\n  ${c.join(" -> ")}`).join("")}`);
console.log(`folder edges both ways ${twoWay.length}${twoWay.map((k) => `\n  ${k}`).join("")}`);
console.log(`folder edges that run up ${upward.length}${upward.map((k) => `\n  ${k}`).join("")}`);
