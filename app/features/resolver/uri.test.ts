import { describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/products";
import { foreignKeyOf, isPackUri, parseResolverPath, uriLevels, uriPath } from "./uri";

const GTIN = `0${products[0]!.gtin}`;
const wrongDigit = `${GTIN.slice(0, 13)}${(Number(GTIN.at(-1)) + 1) % 10}`;

describe("GS1 Digital Link grammar (decision 190)", () => {
  it("reads a GTIN with its qualifiers in order, a 13-digit GTIN as its GTIN-14, values decoded, a trailing slash tolerated", () => {
    expect(parseResolverPath(`/01/${GTIN}/10/L%2F1/21/S1/`)).toEqual({ ok: true, uri: { gtin: GTIN, cpv: null, lot: "L/1", serial: "S1" } });
    expect(parseResolverPath(`/01/${GTIN.slice(1)}/22/V1/10/L1`)).toEqual({ ok: true, uri: { gtin: GTIN, cpv: "V1", lot: "L1", serial: null } });
    expect(parseResolverPath(`/01/${GTIN}`, "?17=280229&foo=bar")).toMatchObject({ ok: true });
  });

  it.each([
    [`/01/${wrongDigit}`, "", "gtin"],
    [`/01/123`, "", "gtin"],
    [`/01/${GTIN}x`, "", "gtin"],
    [`/01`, "", "segments"],
    [`/01/${GTIN}/10`, "", "segments"],
    [`/01/${GTIN}/foo`, "", "qualifier"],
    [`/01/${GTIN}/17/280229`, "", "qualifier"],
    [`/01/${GTIN}/21/S1/10/L1`, "", "order"],
    [`/01/${GTIN}/10/L1/10/L2`, "", "order"],
    [`/01/${GTIN}/21/${"S".repeat(21)}`, "", "value"],
    [`/01/${GTIN}/21/A%20B`, "", "value"],
    [`/01/${GTIN}/10/%E0%A4%A`, "", "value"],
    [`/01/${GTIN}`, "?17=281332", "attribute"],
    [`/01/${GTIN}`, "?15=2802", "attribute"],
    [`/414/9520123456788`, "", "primary_key"],
  ])("%s%s breaks it: %s", (path, search, fault) => {
    expect(parseResolverPath(path, search)).toEqual({ ok: false, fault });
  });

  it("tells a path that starts with an AI that is no primary key (400) from GS1's other keys (404) and any other path", () => {
    expect(foreignKeyOf("/10/ABC")).toBe("primary_key");
    expect(foreignKeyOf("/99/x/y")).toBe("primary_key");
    expect(foreignKeyOf("/414/9520123456788")).toBe("other_key");
    expect(foreignKeyOf("/00/123456789012345678")).toBe("other_key");
    expect(foreignKeyOf("/products/face")).toBeNull();
    expect(foreignKeyOf("/12345/x")).toBeNull();
    expect(foreignKeyOf("/10")).toBeNull();
  });

  it("walks a URI's levels down from its GTIN and writes each one back in GS1's form", () => {
    const uri = { gtin: GTIN, cpv: "V 1", lot: "L/1", serial: "S1" };
    expect(uriLevels(uri).map(uriPath)).toEqual([`/01/${GTIN}`, `/01/${GTIN}/22/V%201`, `/01/${GTIN}/22/V%201/10/L%2F1`, `/01/${GTIN}/22/V%201/10/L%2F1/21/S1`]);
    expect(isPackUri(uri)).toBe(false);
    expect(isPackUri({ ...uri, cpv: null })).toBe(true);
    expect(isPackUri({ ...uri, cpv: null, lot: null })).toBe(false);
  });
});
