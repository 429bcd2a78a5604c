import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rules of eslint.config.js bite: each fixture breaks one on purpose, linted as if it
// stood where its first line says; a file that keeps to the layers passes.
const root = new URL("../..", import.meta.url).pathname;
const fixtures = join(root, "tests/lint-fixtures");
const eslint = new ESLint({ cwd: root });

async function lintAs(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages;
}

describe("layer rules", () => {
  for (const name of readdirSync(fixtures).filter((f) => /\.tsx?$/.test(f))) {
    it(`reports ${name}`, async () => {
      const code = readFileSync(join(fixtures, name), "utf8");
      const at = /^\/\/ at: (\S+)/.exec(code)?.[1];
      expect(at, "the fixture's first line names where it stands").toBeTruthy();
      const messages = await lintAs(at!, code);
      expect(messages.map((m) => m.ruleId)).toContain("import-x/no-restricted-paths");
    });
  }

  it("passes a component that keeps to its layer", async () => {
    const code = `import { useLanguage } from "~/platform/ui/root-data";\nimport { formatNumber } from "~/platform/i18n/format";\n\nexport function Count({ n }: { n: number }) {\n  return <p>{formatNumber(n, useLanguage())}</p>;\n}\n`;
    expect(await lintAs("app/platform/ui/fixture-count.tsx", code)).toEqual([]);
  });

  it("reports an import cycle", async () => {
    // platform/i18n/format.ts imports platform/i18n/languages.ts: languages importing format back closes a loop.
    const code = `import { formatNumber } from "./format";\n\nexport const languages = ["en", "ar"] as const;\nexport const show = formatNumber;\n`;
    const messages = await lintAs("app/platform/i18n/languages.ts", code);
    expect(messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
  });
});
