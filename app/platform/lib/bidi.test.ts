import { describe, expect, it } from "vitest";
import { bidiParts, FSI, isolated, LRI, ltr, ownDirection, PDI, withoutBidiControls } from "./bidi";

describe("bidi isolation", () => {
  it("wraps values: codes, phones, e-mails left to right; dates in their own direction", () => {
    expect(ltr("3769-M7B9")).toBe(`${LRI}3769-M7B9${PDI}`);
    expect(ownDirection("21 نوفمبر 2026")).toBe(`${FSI}21 نوفمبر 2026${PDI}`);
    expect(isolated({ code: "1234-ABCD", date: "21 November 2026" }, ["date"])).toEqual({
      code: `${LRI}1234-ABCD${PDI}`,
      date: `${FSI}21 November 2026${PDI}`,
    });
  });

  it("splits a message into plain text and isolated values (for markup)", () => {
    const message = `الرمز ${LRI}3769-M7B9${PDI} سبق التحقّق منه بتاريخ ${FSI}21 نوفمبر${PDI}.`;
    expect(bidiParts(message)).toEqual([
      { text: "الرمز " },
      { text: "3769-M7B9", isolate: "ltr" },
      { text: " سبق التحقّق منه بتاريخ " },
      { text: "21 نوفمبر", isolate: "auto" },
      { text: "." },
    ]);
    expect(bidiParts("no isolates")).toEqual([{ text: "no isolates" }]);
    // Nested isolates stay inside the outer one; an unterminated one runs to the end.
    expect(bidiParts(`a${LRI}b${FSI}c${PDI}d${PDI}e`)).toEqual([{ text: "a" }, { text: `b${FSI}c${PDI}d`, isolate: "ltr" }, { text: "e" }]);
    expect(bidiParts(`a${LRI}bc`)).toEqual([{ text: "a" }, { text: "bc", isolate: "ltr" }]);
  });

  it("removes bidi controls and marks where asked (stored text: ~/platform/lib/free-text)", () => {
    expect(withoutBidiControls("a\u202Eb\u2066c\u2069\u200F\u200Ed\u061C")).toBe("abcd");
  });
});
