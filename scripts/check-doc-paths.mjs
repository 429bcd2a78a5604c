// Every repository path named in the docs and in code comments exists (run by `npm run lint`).
//
// Read: every Markdown file (docs/**, README.md, bench/MEASURED.md, …) and the comments of the code
// under app/, db/, migrations/, scripts/, tests/, bench/*.mjs and server.js.
// A repository path is a token that starts with a top-level folder (app/, db/, migrations/, scripts/,
// tests/, docs/, bench/, public/, locales/, vendor/, .ci/) or an import alias (~/, @db/, @migrations/,
// @locales/), and in Markdown also a relative link target. It exists when the file or folder does,
// or, without an extension, a module it names (.ts, .tsx, .mjs, /index.ts …). Globs and placeholders
// (`*`, `<feature>`, `…`, `NNN`, `YYYY-MM-DD`) match when some file fits them. Paths that git ignores
// (build output, data/, bench results not kept) are exempt.
//
// Prints each broken reference as `file:line: path` and exits 1.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const TOP = ["app", "db", "migrations", "scripts", "tests", "docs", "bench", "public", "locales", "vendor", ".ci"];
const ALIASES = { "~/": "app/", "@db/": "db/", "@migrations/": "migrations/", "@locales/": "locales/" };
const CODE_DIRS = ["app", "db", "migrations", "scripts", "tests"];
const CODE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP_DIRS = new Set(["node_modules", ".git", "build", "data", "test-results", "playwright-report", ".react-router", "coverage"]);
const MODULE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", ".json", ".css", ".md", "/index.ts", "/index.tsx", "/index.mjs", "/index.js"];

// A path token: a top-level folder or an alias, then path characters. Placeholders `<…>` are kept whole.
const PREFIX = [...TOP.map((d) => d.replace(".", "\\.") + "/"), "~/(?=[A-Za-z])", "@db/", "@migrations/", "@locales/"].join("|");
const TOKEN = new RegExp(`(?<![\\w./@~\\-<>])(?:${PREFIX})(?:<[^<>\\s/]+>|[\\w.\\-/*…+@$\\[\\]])*`, "g");
// A bare file name with a code or doc extension (`verify.server.ts`): some file in the repository has it.
const BARE = /(?<![\w./@~<>*…-])[A-Za-z_][\w-]*(?:\.[\w-]+)*\.(?:ts|tsx|mts|mjs|cjs|jsx|css|md)(?![\w/-])/g;
// Lint fixtures say where they pretend to stand (their first line, `// at: …`): those files never exist.
// Migrations are frozen once landed (never edited): their comments name the paths of their day.
const EXEMPT_FILES = /^tests\/lint-fixtures\/.*\.(ts|tsx)$|^migrations\/[^/]+\.ts$/;
const PLACEHOLDER = /\*|…|<[^>]+>|(?<![a-z])(?:N{2,}|YYYY|MM|DD|HH|X{2,})(?![a-z])|\.\.\./;

/** Files to read, relative to root, with `/` separators. */
function sourceFiles(root) {
  const out = [];
  const walk = (dir, code) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!dir && !TOP.includes(entry.name)) continue;
        walk(path, code || CODE_DIRS.includes(path));
      } else if (entry.name.endsWith(".md")) out.push(path);
      else if (EXEMPT_FILES.test(path)) continue;
      else if ((code && (CODE_EXT.test(entry.name) || entry.name.endsWith(".css"))) || path === "server.js" || /^bench\/[^/]+\.mjs$/.test(path)) out.push(path);
    }
  };
  walk("", false);
  return out.sort();
}

/** Every file and folder under root (relative, `/` separators), for glob matches. */
function allPaths(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      out.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk("");
  return out;
}

/** The comments of a source file, each as { text, line } (line of the comment's first character). */
function commentsOf(path, text) {
  if (path.endsWith(".css")) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ text: m[0], line: lineAt(text, m.index) }));
  }
  const kind = /\.(tsx|jsx)$/.test(path) ? ts.ScriptKind.TSX : /\.(ts|mts|cts)$/.test(path) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map();
  const add = (ranges) => {
    for (const r of ranges ?? []) if (!seen.has(r.pos)) seen.set(r.pos, { text: text.slice(r.pos, r.end), line: lineAt(text, r.pos) });
  };
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    if (node.kind === ts.SyntaxKind.JsxText) return;
    for (const child of node.getChildren(source)) visit(child);
  };
  add(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  return [...seen.values()];
}

function lineAt(text, index) {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Path tokens in a piece of text, each as { path, offset }. */
function pathTokens(text) {
  const out = [];
  for (const m of text.matchAll(TOKEN)) {
    // Trailing punctuation and a `:line` or `#anchor` are not part of the path.
    let path = m[0].replace(/[.,;:!?)\]]+$/, "").replace(/:\d+(-\d+)?$/, "");
    if (path.endsWith("...")) path = path.slice(0, -3) + "…";
    out.push({ path, offset: m.index });
  }
  return out;
}

/** Bare file names (no folder) in a piece of text, each as { name, offset }. */
function bareNames(text) {
  return [...text.matchAll(BARE)].filter((m) => !/^\.|\.d\.ts$/.test(m[0])).map((m) => ({ name: m[0], offset: m.index }));
}

/** Relative link targets in Markdown: [text](target), not a URL, an anchor or mail. */
function markdownLinks(text) {
  const out = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1].replace(/#.*$/, "");
    if (!target || /^[a-z][a-z+.-]*:/i.test(target) || target.startsWith("/")) continue;
    out.push({ target, offset: m.index });
  }
  return out;
}

function toGlob(path) {
  const trailing = path.endsWith("…");
  const segments = path.split("/").filter((s, i, all) => s !== "" || i < all.length - 1);
  const parts = segments.map((segment) => {
    if (!PLACEHOLDER.test(segment)) return escape(segment);
    // A segment with a date or number placeholder stands for any name, keeping its extension.
    if (/(?<![a-z])(?:N{2,}|YYYY|MM|DD|HH|X{2,})(?![a-z])/.test(segment)) {
      const ext = /\.[a-z]+$/.exec(segment)?.[0];
      return "[^/]*" + (ext ? escape(ext) : "");
    }
    return segment
      .split(/(\*\*|\*|…|\.\.\.|<[^>]+>)/)
      .map((piece) => (piece === "**" ? ".*" : piece === "*" || /^<.+>$/.test(piece) ? "[^/]*" : piece === "…" || piece === "..." ? ".*" : escape(piece)))
      .join("");
  });
  return new RegExp(`^${parts.join("/")}${trailing ? ".*" : ""}(\\.[a-z]+|/index\\.[a-z]+)?/?$`);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Checks root; returns the broken references as { file, line, path }.
 * @param {string} root
 */
export function checkDocPaths(root) {
  const broken = [];
  let everything;
  let basenames;
  const exists = (path) => {
    if (PLACEHOLDER.test(path)) {
      everything ??= allPaths(root);
      const glob = toGlob(path);
      return everything.some((p) => glob.test(p));
    }
    const clean = path.replace(/\/$/, "");
    if (MODULE_SUFFIXES.some((suffix) => existsSync(join(root, clean + suffix)))) return true;
    // A decision by its number: docs/decisions/063.
    const numbered = /^(.*)\/(\d+)$/.exec(clean);
    if (numbered && existsSync(join(root, numbered[1]))) return readdirSync(join(root, numbered[1])).some((name) => name.startsWith(`${numbered[2]}-`));
    // A `.js` import specifier that names a `.ts` module.
    return /\.js$/.test(clean) && existsSync(join(root, clean.replace(/\.js$/, ".ts")));
  };

  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), "utf8");
    const pieces = file.endsWith(".md") ? [{ text, line: 1 }] : commentsOf(file, text);
    for (const piece of pieces) {
      for (const { path, offset } of pathTokens(piece.text)) {
        const alias = Object.keys(ALIASES).find((a) => path.startsWith(a));
        const repoPath = alias ? ALIASES[alias] + path.slice(alias.length) : path;
        if (!exists(repoPath)) broken.push({ file, line: piece.line + lineAt(piece.text, offset) - 1, path, repoPath });
      }
      for (const { name, offset } of bareNames(piece.text)) {
        basenames ??= new Set((everything ??= allPaths(root)).map((p) => p.slice(p.lastIndexOf("/") + 1)));
        if (!basenames.has(name)) broken.push({ file, line: piece.line + lineAt(piece.text, offset) - 1, path: name, repoPath: name });
      }
      if (!file.endsWith(".md")) continue;
      for (const { target, offset } of markdownLinks(piece.text)) {
        const repoPath = normalize(join(dirname(file), decodeURI(target))).split(sep).join("/");
        if (repoPath.startsWith("..") || !exists(repoPath)) broken.push({ file, line: lineAt(piece.text, offset), path: target, repoPath });
      }
    }
  }
  return withoutIgnored(root, broken);
}

/** Drops references to paths git ignores (generated or runtime files). Outside a git work tree, keeps all. */
function withoutIgnored(root, broken) {
  if (broken.length === 0) return broken;
  const candidates = [...new Set(broken.map((b) => b.repoPath))];
  let ignored;
  try {
    ignored = execFileSync("git", ["check-ignore", "--no-index", "--stdin"], { cwd: root, input: candidates.join("\n"), encoding: "utf8", stdio: ["pipe", "pipe", "ignore"] });
  } catch (error) {
    ignored = typeof error?.stdout === "string" ? error.stdout : "";
  }
  const skip = new Set(ignored.split("\n").filter(Boolean));
  return broken.filter((b) => !skip.has(b.repoPath)).map(({ file, line, path }) => ({ file, line, path }));
}

/**
 * Lines a merge left behind in the Markdown files (`<<<<<<< ` or `>>>>>>> ` first): code would not
 * compile with them, prose would; returns them as { file, line }.
 * @param {string} root
 */
export function conflictMarkers(root) {
  const found = [];
  for (const file of sourceFiles(root).filter((f) => f.endsWith(".md"))) {
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .forEach((text, i) => /^(<{7}|>{7})( |$)/.test(text) && found.push({ file, line: i + 1 }));
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = relative(process.cwd(), fileURLToPath(new URL("..", import.meta.url))) || ".";
  const markers = conflictMarkers(root);
  for (const m of markers) console.log(`${m.file}:${m.line}: a merge's conflict marker`);
  if (markers.length > 0) process.exitCode = 1;
  const broken = checkDocPaths(root);
  for (const b of broken) console.log(`${b.file}:${b.line}: ${b.path}`);
  if (broken.length > 0) {
    console.error(`${broken.length} path${broken.length === 1 ? "" : "s"} named in docs or comments do not exist (scripts/check-doc-paths.mjs).`);
    process.exit(1);
  }
}
