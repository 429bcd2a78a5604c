import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("csv", () => {
  it("quotes what needs quoting and neutralises formulas", () => {
    expect(csvRow(["a", 1, null, 'say "hi"', "x,y", "line\nbreak"])).toBe('a,1,,"say ""hi""","x,y","line\nbreak"\r\n');
    expect(["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "\tTAB", "\rCR"].map(csvCell)).toEqual(["'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)", "'\tTAB", "\"'\rCR\""]);
    // Numbers are numbers, not text to neutralise.
    expect(csvCell(-5)).toBe("-5");
  });
});
