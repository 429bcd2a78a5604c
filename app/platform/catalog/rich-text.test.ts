import { describe, expect, it } from "vitest";
import { clip, firstParagraph, parseRichText } from "./rich-text";

describe("parseRichText", () => {
  it("turns {markers} into headings and blank-line blocks into paragraphs", () => {
    expect(parseRichText("Intro line one\ncontinues here.\n\n{Key ingredients}\nShea butter.\n\nSecond paragraph.")).toEqual([
      { kind: "paragraph", text: "Intro line one continues here." },
      { kind: "heading", text: "Key ingredients" },
      { kind: "paragraph", text: "Shea butter." },
      { kind: "paragraph", text: "Second paragraph." },
    ]);
  });

  it("reads numbered steps with dots, brackets and Arabic-Indic digits", () => {
    expect(parseRichText("1. Wet the skin.\n2) Lather.\n١٠. اشطفي جيدًا")).toEqual([
      { kind: "step", number: 1, text: "Wet the skin." },
      { kind: "step", number: 2, text: "Lather." },
      { kind: "step", number: 10, text: "اشطفي جيدًا" },
    ]);
  });

  it("handles a heading inline with its text and drops the separating colon", () => {
    expect(parseRichText("{Suitable for}: all skin types")).toEqual([
      { kind: "heading", text: "Suitable for" },
      { kind: "paragraph", text: "all skin types" },
    ]);
  });

  it("keeps unbalanced or empty braces as plain text and ignores blank input", () => {
    expect(parseRichText("A {broken marker\n\n{}")).toEqual([
      { kind: "paragraph", text: "A {broken marker" },
      { kind: "paragraph", text: "{}" },
    ]);
    expect(parseRichText("")).toEqual([]);
    expect(parseRichText(null)).toEqual([]);
    expect(parseRichText("  \n\n ")).toEqual([]);
  });

  it("does not read a number inside a sentence as a step", () => {
    expect(parseRichText("Water-resistant for 80 minutes. 24 hours of moisture")).toEqual([
      { kind: "paragraph", text: "Water-resistant for 80 minutes. 24 hours of moisture" },
    ]);
  });

  it("parses Arabic headings", () => {
    const segments = parseRichText("مقدمة.\n\n{المكوّنات الأساسية}\nزبدة الشيا.");
    expect(segments.map((s) => s.kind)).toEqual(["paragraph", "heading", "paragraph"]);
    expect(segments[1]).toEqual({ kind: "heading", text: "المكوّنات الأساسية" });
  });
});

describe("firstParagraph and clip", () => {
  it("returns the first paragraph, skipping a leading heading", () => {
    expect(firstParagraph("{Title}\nFirst.\n\nSecond.")).toBe("First.");
    expect(firstParagraph(null)).toBe("");
  });

  it("clips at a word boundary with an ellipsis and leaves short text alone", () => {
    expect(clip("short", 10)).toBe("short");
    const clipped = clip("A light, cushiony cream that gives thirsty skin moisture", 30);
    expect(clipped.length).toBeLessThanOrEqual(30);
    expect(clipped.endsWith("…")).toBe(true);
    expect(clipped).toBe("A light, cushiony cream that…");
    // A no-break space is part of its word: "SPF 90" is never cut apart, nor turned into a plain space.
    expect(firstParagraph("A cream with SPF\u00A090 for  every day.")).toBe("A cream with SPF\u00A090 for every day.");
    expect(clip("Protection SPF\u00A090 daily", 16)).toBe("Protection…");
    expect(clip("Protection SPF\u00A090 daily", 18)).toBe("Protection SPF\u00A090…");
    // Never inside a word, in either language, whatever the length.
    for (const text of ["A light, cushiony cream that gives thirsty skin moisture", "كريم خفيف بقوام ناعم يروي بشرة الوجه العطشى بالرطوبة دون أن يترك لمعانًا"]) {
      const words = new Set(text.split(/\s+/));
      for (let max = 12; max < text.length; max++) {
        const short = clip(text, max);
        expect(short.length, `${max}`).toBeLessThanOrEqual(max);
        for (const w of short.slice(0, -1).replace(/[,.،]$/, "").split(/\s+/)) expect(words.has(w) || words.has(`${w},`), `${max}: ${short}`).toBe(true);
      }
    }
  });
});
