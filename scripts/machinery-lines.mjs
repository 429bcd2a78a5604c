// The "lines of code" column of docs/architecture.md's Machinery table, counted from the sources
// (issue 39: regenerated, not hand-kept). `node scripts/machinery-lines.mjs` prints each row's count;
// `--write` rewrites the column; `--check` (in `npm run lint`) exits 1 when the table is stale.
// A part is a whole file (its `wc -l`) or one function of a file (from its `function NAME` line to
// the closing brace at the start of a line). Tests are never counted.
import { readFileSync, writeFileSync } from "node:fs";

const DOC = "docs/architecture.md";
/** Each row, by the start of its first cell, and the parts its lines are counted from. */
const ROWS = [
  ["Group commit of the check's writes", [["db/group-commit.server.ts"]]],
  ["The batch's limit counted once and its scans written once", [["app/features/check/verify.server.ts", "countLimits"], ["app/features/check/verify.server.ts", "writeScans"], ["db/rate-limit-store.server.ts", "consumeEach"]]],
  ["Commits under `synchronous=NORMAL`", [["db/commit.server.ts"], ["db/dialects.server.ts", "flushWal"], ["db/dialects.server.ts", "startFlush"], ["db/dialects.server.ts", "syncWal"], ["db/dialects.server.ts", "closeWal"]]],
  ["Timer-based SQLite write lock", [["db/dialects.server.ts", "writeLock"]]],
  ["Page cache with nonce splicing", [["app/platform/http/page-cache.server.ts"], ["app/platform/http/page-cache.ts"]]],
  ["Paint-first rewrite of the streamed HTML", [["app/platform/http/paint-first.server.ts"]]],
  ["Static islands and `renderedOnly`", [["app/platform/http/rendered-only.server.ts"], ["app/platform/ui/static-island.tsx"]]],
];

function linesOf(file, fn) {
  const lines = readFileSync(file, "utf8").replace(/\n$/, "").split("\n");
  if (!fn) return lines.length;
  const start = lines.findIndex((l) => new RegExp(`^(export )?(async )?function ${fn}\\b`).test(l));
  if (start < 0) throw new Error(`${file}: no function ${fn}`);
  const end = lines.findIndex((l, i) => i > start && /^\}/.test(l));
  return end - start + 1;
}

const cell = (parts) => {
  const counts = parts.map(([file, fn]) => linesOf(file, fn));
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.length > 1 ? `${total} (${counts.join(" + ")})` : String(total);
};

const doc = readFileSync(DOC, "utf8");
let stale = 0;
const out = doc.split("\n").map((line) => {
  const row = ROWS.find(([start]) => line.startsWith(`| ${start}`));
  if (!row) return line;
  const cells = line.split(" | ");
  const counted = cell(row[1]);
  if (!process.argv.includes("--check")) console.log(`${counted.padEnd(16)} ${row[0]}`);
  if (cells[1] !== counted) stale += 1;
  cells[1] = counted;
  return cells.join(" | ");
});
const found = ROWS.filter(([start]) => doc.includes(`| ${start}`)).length;
if (found !== ROWS.length) {
  console.error(`${DOC}: ${ROWS.length - found} of the Machinery rows this script counts are missing`);
  process.exit(1);
}
if (process.argv.includes("--write")) writeFileSync(DOC, out.join("\n"));
else if (process.argv.includes("--check") && stale > 0) {
  console.error(`${DOC}: ${stale} Machinery row(s) name counts the sources no longer have: run node scripts/machinery-lines.mjs --write`);
  process.exit(1);
}
