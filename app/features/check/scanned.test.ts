import { describe, expect, it } from "vitest";
import { digitalLinkUrl } from "~/platform/codes/digital-link";
import { verifyUrl } from "~/platform/codes/qr";
import { classifyScanned, FOREIGN_URL_MAX } from "./scanned";

const SITE = "https://lunara.example";
const PACK = { gtin: "9520123456788", lot: "L2026-07", serial: "ABCDEFGHJK", bestBefore: "2027-03-31" };

describe("classifyScanned", () => {
  it("reads this site's verify link as its code, normalised, whatever the label printed", () => {
    expect(classifyScanned(verifyUrl(SITE, "ABCD2345"), SITE)).toEqual({ kind: "code", code: "ABCD2345" });
    expect(classifyScanned(`  ${SITE}/verify/?code=abcd-2345&utm=x\n`, SITE)).toEqual({ kind: "code", code: "ABCD2345" });
    expect(classifyScanned(`${SITE}:443/verify?code=ABCD%202345`, SITE)).toEqual({ kind: "code", code: "ABCD2345" });
    expect(classifyScanned("https://LUNARA.example/verify?code=ABCD2345", `${SITE}/`)).toEqual({ kind: "code", code: "ABCD2345" });
    // A site under a path: its verify page is under it too.
    expect(classifyScanned("https://brand.example/shop/verify?code=ABCD2345", "https://brand.example/shop")).toEqual({ kind: "code", code: "ABCD2345" });
    expect(classifyScanned("https://brand.example/verify?code=ABCD2345", "https://brand.example/shop")).toEqual({ kind: "other" });
  });

  it("sends nothing for this site's verify link without a code that can be one", () => {
    for (const url of [`${SITE}/verify`, `${SITE}/verify?code=`, `${SITE}/verify?code=AB`, `${SITE}/verify?code=${"A".repeat(33)}`, `${SITE}/verify?code=%3Cscript%3E`]) {
      expect(classifyScanned(url, SITE), url).toEqual({ kind: "other" });
    }
  });

  it("opens this site's GS1 Digital Link at its path, with or without 17=", () => {
    const withDate = digitalLinkUrl(SITE, PACK);
    expect(withDate).toBe(`${SITE}/01/09520123456788/10/L2026-07/21/ABCDEFGHJK?17=270331`);
    expect(classifyScanned(withDate, SITE)).toEqual({ kind: "pack", path: "/01/09520123456788/10/L2026-07/21/ABCDEFGHJK?17=270331" });
    const withoutDate = digitalLinkUrl(SITE, { ...PACK, bestBefore: null });
    expect(classifyScanned(withoutDate, SITE)).toEqual({ kind: "pack", path: "/01/09520123456788/10/L2026-07/21/ABCDEFGHJK" });
    // A product's own Digital Link (no serial) is this site's product page.
    expect(classifyScanned(`${SITE}/01/09520123456788`, SITE)).toEqual({ kind: "pack", path: "/01/09520123456788" });
    // The fragment never travels.
    expect(classifyScanned(`${withoutDate}#x`, SITE)).toEqual({ kind: "pack", path: "/01/09520123456788/10/L2026-07/21/ABCDEFGHJK" });
  });

  it("does not open a Digital Link of this site that GS1's rules refuse", () => {
    for (const url of [
      `${SITE}/01/09520123456787/21/ABCDEFGHJK`, // check digit
      `${SITE}/01/09520123456788/21/ABCDEFGHJK/10/L1`, // qualifiers out of order
      `${SITE}/01/09520123456788/21/A%20B`, // a space is not GS1
      `${SITE}/01/09520123456788/21/ABCDEFGHJK?17=271332`, // no such day
      `${SITE}/02/09520123456788`,
    ]) {
      expect(classifyScanned(url, SITE), url).toEqual({ kind: "other" });
    }
  });

  it("warns for any other address: look-alike hosts, another scheme or port, another site's links", () => {
    const foreign = [
      "https://lunara.example.evil.com/verify?code=ABCD2345",
      "https://lunara-example.com/verify?code=ABCD2345",
      "https://www.lunara.example/verify?code=ABCD2345",
      "https://evil.com/01/09520123456788/21/ABCDEFGHJK",
      "https://lunara.example@evil.com/verify?code=ABCD2345",
      "https://lunara.example:8443/verify?code=ABCD2345",
      // Plain http is not the https site the labels print: it is not ours to follow.
      "http://lunara.example/verify?code=ABCD2345",
      "https://evil.com/?next=https://lunara.example/verify?code=ABCD2345",
    ];
    for (const url of foreign) expect(classifyScanned(url, SITE), url).toEqual({ kind: "foreign", url: new URL(url).href });
    // And the other way round: an https QR for a site served over http.
    expect(classifyScanned("https://localhost:3000/verify?code=ABCD2345", "http://localhost:3000")).toMatchObject({ kind: "foreign" });
  });

  it("shows a look-alike host in punycode, and a long address cut", () => {
    // "lunara" with a Cyrillic а.
    expect(classifyScanned("https://lun\u0430ra.example/verify?code=ABCD2345", SITE)).toEqual({ kind: "foreign", url: "https://xn--lunra-6ve.example/verify?code=ABCD2345" });
    const long = classifyScanned(`https://evil.com/${"a".repeat(500)}`, SITE);
    expect(long).toMatchObject({ kind: "foreign" });
    expect(long.kind === "foreign" && long.url.length).toBe(FOREIGN_URL_MAX + 1);
    expect(long.kind === "foreign" && long.url.endsWith("…")).toBe(true);
  });

  it("sends and opens nothing for text that is no web address: junk, a bare code, other schemes", () => {
    for (const text of ["", "   ", "hello", "ABCD2345", "ABCD-2345", "lunara.example/verify?code=ABCD2345", "WIFI:S:shop;T:WPA;P:secret;;", "tel:+97100000", "mailto:a@b.example", "javascript:alert(1)", "data:text/html,<b>x</b>", "https://", "http://[::1"]) {
      expect(classifyScanned(text, SITE), text).toEqual({ kind: "other" });
    }
  });

  it("sends nothing for this site's other pages", () => {
    for (const url of [SITE, `${SITE}/`, `${SITE}/products`, `${SITE}/verify/result/abc`, `${SITE}/admin`]) expect(classifyScanned(url, SITE), url).toEqual({ kind: "other" });
  });
});
