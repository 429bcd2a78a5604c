import { describe, expect, it } from "vitest";
import { cleanFreeText, optionalFreeText, requiredFreeText } from "./free-text";

const classes: [name: string, chars: string[]][] = [
  ["zero-width space and no-break space", ["\u200B", "\uFEFF"]],
  ["bidi marks (LRM, RLM, ALM)", ["\u200E", "\u200F", "\u061C"]],
  ["embeddings and overrides (LRE, RLE, PDF, LRO, RLO)", ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E"]],
  ["isolates (LRI, RLI, FSI, PDI)", ["\u2066", "\u2067", "\u2068", "\u2069"]],
  ["word joiner and invisible operators", ["\u2060", "\u2061", "\u2062", "\u2063", "\u2064"]],
  ["Hangul fillers", ["\u115F", "\u1160", "\u3164", "\uFFA0"]],
  ["soft hyphen, combining grapheme joiner, Khmer inherent vowels", ["\u00AD", "\u034F", "\u17B4", "\u17B5"]],
  ["tag characters", ["\u{E0001}", "\u{E0041}", "\u{E007F}"]],
  ["NUL and C0 controls", ["\u0000", "\u0001", "\u0007", "\u001B", "\u001F"]],
  ["DEL and C1 controls", ["\u007F", "\u0080", "\u0085", "\u009B", "\u009F"]],
  ["stray zero-width joiner and non-joiner", ["\u200C", "\u200D"]],
];

describe("the free-text sanitizer", () => {
  for (const [name, chars] of classes) {
    it(`drops ${name}; a field of only them is empty`, () => {
      const all = chars.join("");
      expect(cleanFreeText(all)).toBe("");
      expect(cleanFreeText(` ${all} ${all}`, { multiline: true })).toBe("");
      // Between words (the joiners: next to a space), and around them.
      expect(cleanFreeText(`${all}Maria ${all}Haddad${all}`)).toBe("Maria Haddad");
    });
  }

  it("keeps line breaks and tabs in multi-line text only, with one kind of line ending", () => {
    expect(cleanFreeText("line one\r\nline\ttwo\rthree\n", { multiline: true })).toBe("line one\nline\ttwo\nthree");
    expect(cleanFreeText("line one\r\n  line\ttwo")).toBe("line one line two");
  });

  it("keeps a joiner between two visible characters (Persian words, emoji sequences) and every script", () => {
    expect(cleanFreeText("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(cleanFreeText("👩\u200D🔬 ok")).toBe("👩\u200D🔬 ok");
    expect(cleanFreeText("مرحبا — Café ١٢٣ 🧴")).toBe("مرحبا — Café ١٢٣ 🧴");
    expect(cleanFreeText("\u200D👩")).toBe("👩");
  });

  it("stops a stored override from reordering what an admin reads", () => {
    expect(cleanFreeText("Shop \u202Emoc.liam\u202C")).toBe("Shop moc.liam");
    expect(cleanFreeText("\u2067+971 50\u2069 123")).toBe("+971 50 123");
  });
});

describe("its zod fields", () => {
  const required = requiredFreeText({ max: 5, tooLong: "too long", required: "required" });
  const optional = optionalFreeText({ max: 5, tooLong: "too long", multiline: true });

  it("check 'required' on what remains once cleaned", () => {
    expect(required.safeParse("\u200B\u2060\u3164").error?.issues[0]?.message).toBe("required");
    expect(required.safeParse(null).error?.issues[0]?.message).toBe("required");
    expect(required.safeParse(" \u202Eabc ").data).toBe("abc");
    // A JSON number is not text: refused as the fields were before the sanitizer (the bad-input check).
    expect(required.safeParse(12345).error?.issues[0]?.message).toBe("required");
  });

  it("count the length on what remains", () => {
    expect(required.safeParse(`ab\u200Bcde${"\u00AD".repeat(50)}`).data).toBe("abcde");
    expect(required.safeParse("abcdef").error?.issues[0]?.message).toBe("too long");
    expect(optional.safeParse(`a\n\u0000b${"\u{E0020}".repeat(20)}`).data).toBe("a\nb");
    expect(optional.safeParse("abcdef").error?.issues[0]?.message).toBe("too long");
  });

  it("read absent, null and nothing visible as no value (optional)", () => {
    for (const value of [undefined, null, "", "  \u200F\u2066\u2069 "]) expect(optional.safeParse(value).data).toBeUndefined();
  });
});
