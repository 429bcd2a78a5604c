// Issue 39's tiers, re-applied (decision 185): moves files still in their old places to their tier
// folders, and rewrites the imports and the docs' path mentions that still name old places. Made for
// merging main (or any branch written against the old layout) into the tiered tree:
//
//   git merge main                       # resolve the conflicts git reports; renames it follows itself
//   node scripts/tiers-move.mjs          # dry run: what would move, what would be rewritten
//   node scripts/tiers-move.mjs --write  # git mv, rewrite imports and docs; then typecheck and lint
//
// The moves are scripts/tiers-move-map.txt: `file OLD NEW` lines (every file issue 39 moved),
// `folder OLD NEW` for a file added later in an old folder that went one place, and `symbol NAME FROM TO`
// for an export moved between modules. A file in an old folder without a `folder` line (its files went to
// several features: verification, auth, …) is listed as unplaced: add a `file` line and run again.
// Idempotent: an import that resolves today is left alone (unless it names a moved symbol); migrations/
// are never touched (frozen: their old specifiers resolve through tsconfig paths).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, posix } from "node:path";

const write = process.argv.includes("--write");
const mapFile = new URL("./tiers-move-map.txt", import.meta.url);
const fileMoves = new Map();
const folderMoves = new Map();
const symbolMoves = new Map(); // FROM -> Map(NAME -> TO)
for (const line of readFileSync(mapFile, "utf8").split("\n")) {
  const [kind, a, b, c] = line.trim().split(/\s+/);
  if (kind === "file") fileMoves.set(a, b);
  else if (kind === "folder") folderMoves.set(a, b);
  else if (kind === "symbol") {
    if (!symbolMoves.has(b)) symbolMoves.set(b, new Map());
    symbolMoves.get(b).set(a, c);
  }
}
// A folder files left and none came to (app/ and db/ stay, whatever left them).
const liveFolders = new Set([...fileMoves.values()].map((f) => posix.dirname(f)));
const oldFolders = new Set([...fileMoves.keys()].map((f) => posix.dirname(f)).filter((d) => d !== "app" && d !== "db" && !liveFolders.has(d)));

const git = (...args) => execFileSync("git", args, { encoding: "utf8" });
let tracked = git("ls-files").split("\n").filter((f) => f && existsSync(f));

// 1. Moves: mapped files still at their old path, and files added since in an old folder.
const moves = [];
const unplaced = [];
for (const f of tracked) {
  if (f.startsWith("migrations/")) continue;
  let to = fileMoves.get(f);
  if (!to && oldFolders.has(posix.dirname(f)) && !fileMoves.has(f)) {
    const folder = folderMoves.get(posix.dirname(f));
    if (folder) to = `${folder}/${posix.basename(f)}`;
    else if (![...fileMoves.values()].includes(f)) unplaced.push(f);
  }
  if (!to) continue;
  if (existsSync(to)) {
    console.log(`both exist, merge by hand: ${f} and ${to}`);
    continue;
  }
  moves.push([f, to]);
}
for (const [from, to] of moves) {
  console.log(`move ${from} -> ${to}`);
  if (write) {
    mkdirSync(dirname(to), { recursive: true });
    git("mv", from, to);
  }
}
for (const f of unplaced) console.log(`unplaced (add a \`file\` line to scripts/tiers-move-map.txt): ${f}`);
const allMoves = new Map([...fileMoves, ...moves]);
const movedFrom = new Map([...allMoves].map(([a, b]) => [b, a]));
if (write) tracked = git("ls-files").split("\n").filter((f) => f && existsSync(f));
else tracked = tracked.map((f) => allMoves.get(f) ?? f).filter((f) => !moves.some(([a]) => a === f));
const known = new Set(tracked);

// 2. Imports: a specifier that does not resolve is read against the file's old place and the moves.
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", ".server.ts"];
const found = (base, exists) => {
  for (const ext of EXTENSIONS.slice(0, 6)) if (exists(base + ext)) return base + ext;
  return null;
};
function target(spec, fromDir) {
  if (spec.startsWith("~/")) return `app/${spec.slice(2)}`;
  if (spec.startsWith("@db/")) return `db/${spec.slice(4)}`;
  if (spec.startsWith("@migrations/")) return `migrations/${spec.slice(12)}`;
  if (spec.startsWith(".")) return posix.normalize(posix.join(fromDir, spec));
  return null;
}
/** The specifier naming `to` from `file`, in the style of `spec` (alias or relative, extension or not). */
function spell(spec, file, to, ext) {
  const bare = ext ? to.slice(0, to.length - ext.length) : to;
  if (!spec.startsWith(".") || bare.startsWith("migrations/")) {
    if (bare.startsWith("app/")) return `~/${bare.slice(4)}`;
    if (bare.startsWith("db/")) return `@db/${bare.slice(3)}`;
    return spec;
  }
  let rel = posix.relative(posix.dirname(file), bare);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  if (rel.startsWith("../../") && bare.startsWith("app/") && file.startsWith("app/")) return `~/${bare.slice(4)}`;
  return rel;
}
function resolveMoved(spec, file, oldFirst = false) {
  const dirs = [posix.dirname(file)];
  if (movedFrom.has(file)) dirs[oldFirst && spec.startsWith(".") ? "unshift" : "push"](posix.dirname(movedFrom.get(file)));
  for (const dir of dirs) {
    const base = target(spec, dir);
    if (!base) return null;
    for (const ext of EXTENSIONS.slice(0, 6)) {
      const to = allMoves.get(base + ext);
      if (to) return { to, ext: spec.endsWith(ext) && ext ? "" : ext };
    }
  }
  // A relative import of a file that did not move, from a file that did.
  if (spec.startsWith(".") && movedFrom.has(file)) {
    const base = target(spec, posix.dirname(movedFrom.get(file)));
    for (const ext of EXTENSIONS.slice(0, 6)) if (known.has(base + ext)) return { to: base + ext, ext: spec.endsWith(ext) && ext ? "" : ext };
  }
  return null;
}

const CODE = /\.(ts|tsx|mjs|js)$/;
const sources = tracked.filter((f) => CODE.test(f) && !f.startsWith("migrations/") && !f.startsWith("node_modules/") && !f.startsWith("vendor/") && !f.startsWith("public/") && f !== "scripts/tiers-move.mjs");
const SPEC = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|vi\.mock\(\s*|vi\.importActual(?:<[^>]*>)?\(\s*)(["'])([~.@][^"']*)\2/g;
let changedFiles = 0;
for (const file of sources) {
  const text = readFileSync(file, "utf8");
  const here = (spec) => {
    const base = target(spec, posix.dirname(file));
    return base && found(base, (p) => known.has(p));
  };
  const ours = (spec) => !spec.startsWith("@") || spec.startsWith("@db/") || spec.startsWith("@migrations/");
  // A file still written against the old layout (some import resolves only through the moves): its
  // relative imports mean its old folder's files, even where its new folder has a file of that name.
  const oldStyle = movedFrom.has(file) && [...text.matchAll(SPEC)].some(([, , , spec]) => ours(spec) && !here(spec) && resolveMoved(spec, file));
  let out = text.replace(SPEC, (whole, lead, quote, spec) => {
    if (!ours(spec)) return whole;
    if (here(spec) && !(oldStyle && spec.startsWith("."))) return whole;
    const moved = resolveMoved(spec, file, oldStyle);
    if (!moved) return whole;
    return `${lead}${quote}${spell(spec, file, moved.to, moved.ext)}${quote}`;
  });
  // Moved symbols: `import { a, type B } from "spec"` loses the moved names to imports of their new module.
  out = out.replace(/^import\s+(type\s+)?\{([^}]*)\}\s*from\s*(["'])([^"']+)\3;?[ \t]*$/gm, (whole, typeAll, names, quote, spec) => {
    const resolved = here(spec);
    const moved = resolved && symbolMoves.get(resolved);
    if (!moved) return whole;
    const keep = [];
    const away = new Map();
    for (const raw of names.split(",").map((n) => n.trim()).filter(Boolean)) {
      const name = raw.replace(/^type\s+/, "").split(/\s+as\s+/)[0];
      const to = moved.get(name);
      if (!to) keep.push(raw);
      else away.set(to, [...(away.get(to) ?? []), raw]);
    }
    if (away.size === 0) return whole;
    const line = (list, s) => `import ${typeAll ?? ""}{ ${list.join(", ")} } from ${quote}${s}${quote};`;
    const lines = keep.length ? [line(keep, spec)] : [];
    for (const [to, list] of away) lines.push(line(list, spell(spec.startsWith(".") || posix.dirname(to) === posix.dirname(file) ? "./" : "~/", file, to, to.match(/\.(ts|tsx)$/)[0])));
    return lines.join("\n");
  });
  if (out !== text) {
    changedFiles++;
    console.log(`imports rewritten: ${file}`);
    if (write) writeFileSync(file, out);
  }
}

// 3. Docs: an old file path named in Markdown (README.md, docs/ with the decisions, bench/) follows its file
// (`npm run lint` wants every named path to exist).
const byLength = [...allMoves.keys()].sort((a, b) => b.length - a.length);
const docs = tracked.filter((f) => f.endsWith(".md") && !f.startsWith("node_modules/"));
for (const file of docs) {
  const text = readFileSync(file, "utf8");
  let out = text;
  for (const from of byLength) out = out.split(`\`${from}`).join(`\`${allMoves.get(from)}`);
  if (out !== text) {
    changedFiles++;
    console.log(`paths rewritten: ${file}`);
    if (write) writeFileSync(file, out);
  }
}
console.log(`${moves.length} files to move, ${unplaced.length} unplaced, ${changedFiles} files rewritten${write ? "" : " (dry run: --write to apply)"}`);
process.exit(unplaced.length ? 1 : 0);
