import { describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/catalog";
import { codeSource, PACK_SERIAL_LENGTH } from "./code-format";
import { gs1Read } from "../../../tests/unit/labels";
import { digitalLinkUrl, gtinCheckDigit, isGs1Lot, isGtin, parseDigitalLink, toGtin14 } from "./digital-link";

// Our URIs are held against GS1's published rules and examples — GTIN 9520123456788 (GS1's example
// GTIN, prefix 952 is for demonstrations), GTIN-12 614141123452 and GTIN-8 95012346 from the GS1
// General Specifications, the Digital Link URI Syntax's
// `https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426` — and against GS1's own library,
// digital-link.js (its grammar and check digits; `gs1Read` in tests/unit/labels.ts).

const GS1_EXAMPLE = "https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426";
const SITE = "https://lunara.example";

describe("GTINs", () => {
  it("computes the check digit with weights 3 and 1 from the right", () => {
    expect(gtinCheckDigit("952012345678")).toBe(8);
    expect(gtinCheckDigit("0952012345678")).toBe(8);
    expect(gtinCheckDigit("61414112345")).toBe(2);
    expect(gtinCheckDigit("9501234")).toBe(6);
  });

  it("accepts GTIN-8, -12, -13 and -14 with their check digit and pads them to GTIN-14", () => {
    for (const gtin of ["95012346", "614141123452", "9520123456788", "09520123456788"]) expect(isGtin(gtin), gtin).toBe(true);
    expect(toGtin14("95012346")).toBe("00000095012346");
    expect(toGtin14("614141123452")).toBe("00614141123452");
    expect(toGtin14("9520123456788")).toBe("09520123456788");
    for (const bad of ["9520123456789", "09520123456787", "952012345678", "1234567", "123456789", "95201234567881", "", "952O123456788", " 9520123456788"]) {
      expect(isGtin(bad), bad).toBe(false);
      expect(toGtin14(bad)).toBeNull();
    }
  });
});

describe("lots (AI 10)", () => {
  it("takes 1–20 characters of GS1's character set 82, and nothing else", () => {
    for (const lot of ["ABC1", "L2026-0042", "lot_7.b/2", "A".repeat(20), `!"%&'()*+,-./:;<=>?_z`.slice(0, 20)]) expect(isGs1Lot(lot), lot).toBe(true);
    for (const lot of ["", "A".repeat(21), "LOT 1", "LOT#1", "É1", "A~B", "A@B", "A\tB"]) expect(isGs1Lot(lot), lot).toBe(false);
  });
});

describe("digitalLinkUrl", () => {
  it("builds GS1's published example exactly", () => {
    expect(digitalLinkUrl("https://id.gs1.org", { gtin: "9520123456788", lot: "ABC1", serial: "12345", bestBefore: "2018-04-26" })).toBe(GS1_EXAMPLE);
  });

  it("carries the GTIN as a GTIN-14, percent-encodes all but unreserved characters, and adds 17= only with a date", () => {
    expect(digitalLinkUrl(`${SITE}/`, { gtin: "614141123452", lot: "ABC/123", serial: "K7M2P9Q4R8T" })).toBe(`${SITE}/01/00614141123452/10/ABC%2F123/21/K7M2P9Q4R8T`);
    expect(digitalLinkUrl(SITE, { gtin: "95012346", lot: `A!"%&'()*+,` })).toBe(`${SITE}/01/00000095012346/10/A%21%22%25%26%27%28%29%2A%2B%2C`);
    expect(digitalLinkUrl(SITE, { gtin: "9520123456788", lot: "L-1.2_3" })).toBe(`${SITE}/01/09520123456788/10/L-1.2_3`);
    expect(digitalLinkUrl(SITE, { gtin: "9520123456788", lot: "L1", serial: "S1", bestBefore: "2027-12-31" })).toBe(`${SITE}/01/09520123456788/10/L1/21/S1?17=271231`);
    expect(digitalLinkUrl(SITE, { gtin: "9520123456788" })).toBe(`${SITE}/01/09520123456788`);
  });

  it("refuses what GS1 cannot carry", () => {
    expect(() => digitalLinkUrl(SITE, { gtin: "9520123456789", lot: "L1" })).toThrow(/GTIN/);
    expect(() => digitalLinkUrl(SITE, { gtin: "9520123456788", lot: "LOT 1" })).toThrow(/AI 10/);
    expect(() => digitalLinkUrl(SITE, { gtin: "9520123456788", lot: "L1", serial: "S".repeat(21) })).toThrow(/AI 21/);
    expect(() => digitalLinkUrl(SITE, { gtin: "9520123456788", lot: "L1", bestBefore: "1999-12-31" })).toThrow(/best-before/);
  });
});

describe("parseDigitalLink", () => {
  it("reads GS1's published example on its own domain", () => {
    expect(parseDigitalLink(GS1_EXAMPLE, "https://id.gs1.org")).toEqual({ gtin: "09520123456788", lot: "ABC1", serial: "12345", bestBefore: "2018-04-26" });
  });

  it("reads back every URI it builds: each catalogue product with a drawn serial, lots with encoded characters", () => {
    const serial = codeSource(PACK_SERIAL_LENGTH);
    for (const product of products) {
      const pack = { gtin: product.gtin, lot: "L2026/07-B", serial: serial(), bestBefore: "2028-02-29" };
      const url = digitalLinkUrl(SITE, pack);
      expect(parseDigitalLink(url, SITE)).toEqual({ ...pack, gtin: `0${product.gtin}` });
    }
  });

  it("normalises a shorter GTIN, takes DD 00 as the month's last day, allows lot or serial alone and ignores other parameters", () => {
    expect(parseDigitalLink(`${SITE}/01/9520123456788/21/ABC?17=270200&utm_source=x`, SITE)).toEqual({ gtin: "09520123456788", serial: "ABC", bestBefore: "2027-02-28" });
    expect(parseDigitalLink(`${SITE}/01/614141123452/10/ABC%2F123/`, `${SITE}/`)).toEqual({ gtin: "00614141123452", lot: "ABC/123" });
    expect(parseDigitalLink(`${SITE}/01/09520123456788`, SITE)).toEqual({ gtin: "09520123456788" });
    expect(parseDigitalLink(`${SITE}/shop/01/09520123456788/10/L1`, `${SITE}/shop`)).toEqual({ gtin: "09520123456788", lot: "L1" });
  });

  it("rejects another site, a malformed path, a wrong check digit, a value GS1 cannot carry and a date that is no day", () => {
    const ok = `${SITE}/01/09520123456788/10/L1/21/S1`;
    expect(parseDigitalLink(ok, SITE)).not.toBeNull();
    for (const url of [
      "https://evil.example/01/09520123456788/10/L1/21/S1",
      "http://lunara.example/01/09520123456788/10/L1/21/S1",
      "https://lunara.example.evil.example/01/09520123456788",
      `${SITE}/01/09520123456789/10/L1/21/S1`,
      `${SITE}/01/0952012345678`,
      `${SITE}/01`,
      `${SITE}/02/09520123456788`,
      `${SITE}/verify?code=ABCD1234`,
      `${SITE}/01/09520123456788/21/S1/10/L1`,
      `${SITE}/01/09520123456788/10/L1/10/L2`,
      `${SITE}/01/09520123456788/22/V1/10/L1`,
      `${SITE}/01/09520123456788/10/${"A".repeat(21)}`,
      `${SITE}/01/09520123456788/10/LOT%201`,
      `${SITE}/01/09520123456788/10/%E0%A4%A`,
      `${SITE}/01/09520123456788/10/L1?17=270230`,
      `${SITE}/01/09520123456788/10/L1?17=271301`,
      `${SITE}/01/09520123456788/10/L1?17=2712`,
      "not a url",
    ]) {
      expect(parseDigitalLink(url, SITE), url).toBeNull();
    }
    expect(parseDigitalLink(`${SITE}/01/09520123456788`, `${SITE}/shop`)).toBeNull();
  });
});

describe("GS1's digital-link.js", () => {
  it("accepts every URI we build, reading back the GTIN-14, lot, serial and 17= we put in", () => {
    const serial = codeSource(PACK_SERIAL_LENGTH);
    expect(gs1Read(GS1_EXAMPLE)).toEqual({ valid: true, domain: "https://id.gs1.org", gtin: "09520123456788", lot: "ABC1", serial: "12345", expiry: "180426" });
    for (const product of products) {
      for (const lot of ["L2026-0042", "lot_7.b", "A".repeat(20)]) {
        const pack = { gtin: product.gtin, lot, serial: serial(), bestBefore: "2028-02-29" };
        const url = digitalLinkUrl(SITE, pack);
        expect(gs1Read(url), url).toEqual({ valid: true, domain: SITE, gtin: `0${product.gtin}`, lot, serial: pack.serial, expiry: "280229" });
      }
    }
    // A product's page address (the GTIN alone) and a site on a port, as in development.
    expect(gs1Read(digitalLinkUrl(SITE, { gtin: products[0]!.gtin }))).toMatchObject({ valid: true, gtin: `0${products[0]!.gtin}` });
    expect(gs1Read(digitalLinkUrl("http://localhost:3000", { gtin: "9520123456788", lot: "L1", serial: "S1" }))).toMatchObject({ valid: true, lot: "L1", serial: "S1" });
  });

  it("refuses, as our parser does, a GTIN whose check digit is wrong", () => {
    const bad = `${SITE}/01/09520123456789/10/L1/21/S1`;
    expect(gs1Read(bad).valid).toBe(false);
    expect(parseDigitalLink(bad, SITE)).toBeNull();
  });
});
