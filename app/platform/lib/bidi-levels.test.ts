import { describe, expect, it } from "vitest";
import { LRI, PDI } from "./bidi";
import { bidiParagraph, mirrored, textDirection, visualRuns } from "./bidi-levels";

/** The runs of a paragraph in drawing order, as text and direction. */
const drawn = (text: string, direction?: "ltr" | "rtl") => {
  const paragraph = bidiParagraph(text, direction);
  return visualRuns(paragraph).map((run) => [paragraph.chars.slice(run.start, run.end).join(""), run.rtl ? "rtl" : "ltr"]);
};

describe("the bidi algorithm (bidi-js) as printed labels use it", () => {
  it("takes a paragraph's direction from its first strong letter", () => {
    expect(textDirection("LOT L26/07 A")).toBe("ltr");
    expect(textDirection("كريم هايدرا كالم للوجه")).toBe("rtl");
    expect(textDirection("59 SPF")).toBe("ltr");
    expect(textDirection(`${LRI}L26${PDI} رقم`)).toBe("rtl");
  });

  it("keeps Latin text as one left-to-right run, Arabic words as one right-to-left run", () => {
    expect(drawn("Scan to verify")).toEqual([["Scan to verify", "ltr"]]);
    expect(drawn("كريم هايدرا كالم للوجه")).toEqual([["كريم هايدرا كالم للوجه", "rtl"]]);
  });

  it("draws an embedded Latin name with its number on the left of an Arabic line, in its own order", () => {
    expect(drawn("لوشن الحماية من الشمس للعائلة SPF\u00a059")).toEqual([
      ["SPF\u00a059", "ltr"],
      ["لوشن الحماية من الشمس للعائلة ", "rtl"],
    ]);
    // The mark after "++" holds the pluses to the Latin run (as the catalogue writes it).
    expect(drawn("سائل صن شيلد ألترا الواقي SPF\u00a090++\u200e")).toEqual([
      ["SPF\u00a090++\u200e", "ltr"],
      ["سائل صن شيلد ألترا الواقي ", "rtl"],
    ]);
  });

  it("reads numbers left to right inside Arabic: European digits after Arabic letters, Arabic-Indic digits", () => {
    expect(drawn("عبوة 120 مل")).toEqual([
      [" مل", "rtl"],
      ["120", "ltr"],
      ["عبوة ", "rtl"],
    ]);
    expect(drawn("رمز ١٢٣")).toEqual([
      ["١٢٣", "ltr"],
      ["رمز ", "rtl"],
    ]);
  });

  it("keeps an isolated lot whole on the left of its Arabic words", () => {
    expect(drawn(`رقم التشغيلة ${LRI}L26/07 A${PDI}`)).toEqual([
      [PDI, "rtl"],
      ["L26/07 A", "ltr"],
      [`رقم التشغيلة ${LRI}`, "rtl"],
    ]);
  });

  it("puts an Arabic word inside English text in its own order (a number after it reads as Arabic's)", () => {
    expect(drawn("LOT كريم 5 end")).toEqual([
      ["LOT ", "ltr"],
      ["5", "ltr"],
      ["كريم ", "rtl"],
      [" end", "ltr"],
    ]);
  });

  it("mirrors brackets drawn right to left", () => {
    expect(["(", ")", "«", "»", "a"].map(mirrored)).toEqual([")", "(", "»", "«", "a"]);
  });
});
