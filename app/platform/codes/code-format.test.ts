import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, codeSource, formatCode, formatPin, generateCode, isCodeLike, isPin, isPinShaped, isStorableCode, MASKED_CODE, normalizeCode, typedCodeProblem } from "./code-format";

describe("code format", () => {
  it("normalises typed input the way codes are stored", () => {
    expect(normalizeCode("  abcd-1234 ")).toBe("ABCD1234");
    expect(normalizeCode("ab cd 12 34")).toBe("ABCD1234");
    expect(normalizeCode("ABCD–1234")).toBe("ABCD1234");
    expect(normalizeCode("abcd\u00a01234")).toBe("ABCD1234");
    expect(normalizeCode("ABCD-١٢٣٤")).toBe("ABCD1234");
    expect(normalizeCode("ＡＢＣＤ１２３４")).toBe("ABCD1234");
  });

  it("drops what a paste carries invisibly: soft hyphens, zero-width characters, bidi marks and isolates", () => {
    expect(normalizeCode("3769\u00AD-M7B9")).toBe("3769M7B9");
    expect(normalizeCode("\u200B3769\u200C\u200DM7B9\u2060")).toBe("3769M7B9");
    expect(normalizeCode("\u200F3769-M7B9\u200E")).toBe("3769M7B9");
    expect(normalizeCode("\u20663769-M7B9\u2069")).toBe("3769M7B9");
    expect(normalizeCode("\u202E1234ABCD\u202C\uFEFF")).toBe("1234ABCD");
    expect(normalizeCode("\u061C1234 ABCD")).toBe("1234ABCD");
  });

  it("takes the code out of a whole verify link pasted into the field", () => {
    expect(normalizeCode("https://lunara.example/verify?code=3769-M7B9")).toBe("3769M7B9");
    expect(normalizeCode("  http://localhost:3000/verify/?lng=ar&code=abcd1234 ")).toBe("ABCD1234");
    expect(normalizeCode("lunara.example/verify?code=1234ABCD")).toBe("1234ABCD");
    expect(normalizeCode("\u200Fhttps://lunara.example/verify?code=1234%2DABCD")).toBe("1234ABCD");
    // Not a verify link: left as text (and then not a code).
    expect(isCodeLike(normalizeCode("https://lunara.example/products?code=1234ABCD"))).toBe(false);
  });

  it("tells input that could be a code from anything else", () => {
    expect(isCodeLike("ABCD1234")).toBe(true);
    expect(isCodeLike(normalizeCode("<b>hi</b>"))).toBe(false);
    expect(isCodeLike(normalizeCode("كود"))).toBe(false);
    expect(isCodeLike("")).toBe(false);
  });

  it("accepts 4 to 32 characters of A-Z and 0-9 only", () => {
    expect(isStorableCode("ABCD")).toBe(true);
    expect(isStorableCode("A".repeat(32))).toBe(true);
    expect(isStorableCode("ABC")).toBe(false);
    expect(isStorableCode("A".repeat(33))).toBe(false);
    expect(isStorableCode("ABCD!234")).toBe(false);
    expect(isStorableCode("abcd1234")).toBe(false);
  });

  it("groups codes in fours", () => {
    expect(formatCode("ABCD1234")).toBe("ABCD-1234");
    expect(formatCode("ABCDEF")).toBe("ABCD-EF");
    // Anything that is not a code is shown as it is, never cut into mangled groups.
    expect(formatCode("<B>HI</B>")).toBe("<B>HI</B>");
  });

  it("generates 8 characters from A-Z0-9 without look-alikes", () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    for (const c of "0O1IL") expect(CODE_ALPHABET).not.toContain(c);
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      expect(isStorableCode(code)).toBe(true);
      for (const c of code) expect(CODE_ALPHABET).toContain(c);
    }
  });

  it.each([
    ["one code at a time", () => generateCode()],
    ["a print run's source", codeSource()],
  ])("draws every character uniformly (chi-square, no modulo bias): %s", (_, draw) => {
    const counts = new Map<string, number>();
    const samples = 4000;
    for (let i = 0; i < samples; i++) {
      const code = draw();
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const expected = (samples * 8) / CODE_ALPHABET.length;
    let chi = 0;
    for (const c of CODE_ALPHABET) chi += ((counts.get(c) ?? 0) - expected) ** 2 / expected;
    // 30 degrees of freedom: p = 0.0001 at about 66.6. A biased draw (256 % 31 = 8 favoured chars) fails this.
    expect(chi).toBeLessThan(66.6);
  });
});

describe("typed codes (an admin's own, decision 149)", () => {
  it("need 8 to 32 characters of A-Z and 0-9", () => {
    for (const code of ["", "AB12", "QQQQ", "K7M2P9X", "ABC$1234", "K".repeat(33)]) expect(typedCodeProblem(code), code).toBe("invalid_format");
    for (const code of ["3769M7B9", "K7M2P9XQ", "DUPE1234", "LOAD0000", "GOOD2345", "T4XK9MPQ2W"]) expect(typedCodeProblem(code), code).toBeNull();
  });

  it("refuse what is easy to guess: repeats, a unit repeated, sequences, two plain halves", () => {
    const weak = [
      "QQQQQQQQ", // one character
      "ABABABAB", "A1A1A1A1A1", // two characters alternating
      "AAAABBBB", "AABBAABB", "AAAAAAA2", // two distinct characters
      "ABCABCAB", "ABCDABCD", "K7M2K7M2", // a unit repeated
      "ABCDEFGH", "23456789", "98765432", "ZYXWVUTS", // a sequence
      "AAAA2222", "ABCD1234", "1234ABCD", "ABCD9999", "QQQQ2345", // two runs
    ];
    for (const code of weak) expect(typedCodeProblem(code), code).toBe("weak_code");
  });

  it("never refuse what the Generate button draws (a random 8-character code) but rarely", () => {
    let weak = 0;
    for (let i = 0; i < 2000; i++) if (typedCodeProblem(generateCode()) !== null) weak += 1;
    expect(weak).toBeLessThanOrEqual(1);
  });
});

describe("masked codes", () => {
  it("show nothing of the code, whatever its length", () => {
    // Nothing of the code, not even its length (issue 42, N1).
    expect(MASKED_CODE).toBe("••••-••••");
    expect(formatCode(MASKED_CODE)).toBe("••••-••••");
  });
});

describe("a PIN's shape (decision 165)", () => {
  it("is 9 letters and digits, which no one-time code has: known by its shape alone", () => {
    for (const pin of ["ABCDEFGHJ", "K7M2P9XQ2", normalizeCode("abc-def-ghj"), normalizeCode(" ABC DEF GH1 ")]) expect(isPinShaped(pin), pin).toBe(true);
    // Generated codes (8), old PINs (8), serials (10–12) and typed codes of 10 or more are not.
    for (const input of [generateCode(), "ABCDEFGH", "ABCDEFGHJK", "ABCDEFGHJKMN", "ABCDEFGH$", ""]) expect(isPinShaped(input), input).toBe(false);
    // A new typed code may not take the PIN's shape; an old one of 9 stays findable (looked up first).
    expect(typedCodeProblem("K7M2P9XQ2")).toBe("pin_shape");
    expect(isStorableCode("K7M2P9XQ2")).toBe(true);
  });

  it("is taken by a pack's page at 9 characters of the label alphabet, and at 8 for runs made before", () => {
    expect(isPin("ABCDEFGHJ")).toBe(true);
    expect(isPin("ABCDEFGH")).toBe(true);
    for (const pin of ["ABCDEFG", "ABCDEFGHJK", "ABCDEFGH1", "ABCDEFGHO"]) expect(isPin(pin), pin).toBe(false);
  });

  it("is printed in threes; an old one in fours", () => {
    expect(formatPin("ABCDEFGHJ")).toBe("ABC-DEF-GHJ");
    expect(formatPin("ABCDEFGH")).toBe("ABCD-EFGH");
    expect(formatPin("?")).toBe("?");
  });
});
