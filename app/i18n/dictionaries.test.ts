import { describe, expect, it } from "vitest";
import { resources } from "./resources";

const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** Strings that stay the same in both languages on purpose: anchors and cookie names. */
const isIdentifier = (path: string) => path.endsWith(".id") || path.endsWith(".term");

/** Every string leaf of a dictionary with its path (array items included). */
function leaves(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [];
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe.each(["common", "legal"] as const)("the %s dictionary", (ns) => {
  const en = leaves(resources.en[ns]);
  const ar = new Map(leaves(resources.ar[ns]));

  it("has the same strings in Arabic (arrays included), none of them empty", () => {
    expect([...ar.keys()]).toEqual(en.map(([path]) => path));
    for (const [path, text] of ar) expect(text.trim(), path).not.toBe("");
  });

  it("is really translated: Arabic text where English has words", () => {
    for (const [path, text] of en) {
      const arabic = ar.get(path)!;
      if (isIdentifier(path)) expect(arabic, path).toBe(text);
      else if (path !== "language.switchTo" && path !== "language.short") expect(arabic, path).toMatch(ARABIC_LETTER);
    }
  });

  it("keeps the same {{placeholders}} in both languages", () => {
    for (const [path, text] of en) expect(placeholders(ar.get(path)!), path).toEqual(placeholders(text));
  });
});

describe("language toggle labels", () => {
  it("name the other language in that language", () => {
    expect(resources.en.common.language).toMatchObject({ switchTo: "العربية", short: "AR" });
    expect(resources.ar.common.language).toMatchObject({ switchTo: "English", short: "EN" });
  });
});
