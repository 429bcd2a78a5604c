import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDocPaths, conflictMarkers } from "../../scripts/check-doc-paths.mjs";

// The docs-path check of `npm run lint` (scripts/check-doc-paths.mjs), run on a small made-up repository.
const root = mkdtempSync(join(tmpdir(), "doc-paths-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

write("app/features/check/verify.server.ts", "export const verify = 1;\n");
write("app/features/check/screens/verify-screen.tsx", "export const x = 1;\n");
write("db/engine.ts", "export const engine = 1;\n");
write("migrations/2026-11-21_05_code_counts.ts", "export const up = 1;\n");
write("docs/decisions/063-flat-lists.md", "# 063\n");

describe("check-doc-paths", () => {
  it("finds the conflict markers a merge left in Markdown, not a heading's underline", () => {
    write("docs/merged.md", "Title\n=======\n\n<<<<<<< HEAD\n| a |\n=======\n| b |\n>>>>>>> labels\n");
    expect(conflictMarkers(root)).toEqual([
      { file: "docs/merged.md", line: 4 },
      { file: "docs/merged.md", line: 8 },
    ]);
    rmSync(join(root, "docs/merged.md"));
  });

  it("accepts paths that exist, modules without extension, aliases, globs and placeholders", () => {
    write(
      "docs/ok.md",
      [
        "The check is `app/features/check/verify.server.ts`, imported as `~/features/check/verify.server`.",
        "Engine: @db/engine; screens: app/features/<feature>/screens/*-screen.tsx; migrations/YYYY-MM-DD_NN_name.ts.",
        "Folders app/features/check/ and app/features/check/screens/… ; see docs/decisions/063 and [063](decisions/063-flat-lists.md).",
        "A file named verify.server.ts; https://example.com/app/nowhere.ts is a URL.",
      ].join("\n"),
    );
    write("app/verification/verify.test.ts", "// Checks ~/features/check/verify.server (see verify.server.ts:1).\nconst s = \"app/not-a-comment.ts\";\n");
    expect(checkDocPaths(root)).toEqual([]);
  });

  it("reports each missing path as file, line and path", () => {
    write("docs/broken.md", "# Broken\n\nThe envelope lives in `app/api/envelope.server.ts`.\nSee [old](decisions/099-gone.md).\n");
    write("db/schema.ts", "export const a = 1;\n/** Owned by the limiter (see app/rate-limit.server.ts). */\nexport const b = 2;\n// Keyed hash (see request.server.ts); @migrations/gone\n");
    expect(checkDocPaths(root)).toEqual([
      { file: "db/schema.ts", line: 2, path: "app/rate-limit.server.ts" },
      { file: "db/schema.ts", line: 4, path: "@migrations/gone" },
      { file: "db/schema.ts", line: 4, path: "request.server.ts" },
      { file: "docs/broken.md", line: 3, path: "app/api/envelope.server.ts" },
      { file: "docs/broken.md", line: 4, path: "decisions/099-gone.md" },
    ]);
  });
});
