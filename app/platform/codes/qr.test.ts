import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRAND_MARK } from "~/platform/lib/brand-mark";
import { labelSvg, verifyUrl } from "./qr";

const LEAF = "M20 40c6-14 18-18 24-18";
const texts = (svg: string) => [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => ({ attributes: attributes!, text: text! }));

describe("the QR label", () => {
  it("has the brand's crescent in its centre, not a leaf", async () => {
    const svg = await labelSvg({ url: verifyUrl("https://lunara.example", "ABCD1234"), code: "ABCD1234", productName: "Hydra Calm", brandName: "Lunara", caption: "Scan" });
    expect(svg).toContain(BRAND_MARK.crescent);
    expect(svg).not.toContain(LEAF);
  });

  it("lays out an Arabic label right to left, with no letter-spacing on Arabic; the code stays left to right", async () => {
    const svg = await labelSvg({
      url: verifyUrl("https://lunara.example", "3769M7B9"),
      code: "3769M7B9",
      productName: "كريم صن شيلد الواقي SPF\u00A090",
      brandName: "لونارا",
      caption: "امسحي الرمز للتأكّد من أصالة المنتج",
      direction: "rtl",
    });
    const all = texts(svg);
    const arabic = all.filter((t) => /[\u0600-\u06FF]/.test(t.text));
    expect(arabic.map((t) => t.text)).toEqual(["لونارا", "كريم صن شيلد الواقي SPF\u00A090", "امسحي الرمز للتأكّد من أصالة المنتج"]);
    for (const t of arabic) {
      expect(t.attributes).toContain('direction="rtl"');
      expect(t.attributes).not.toContain("letter-spacing");
    }
    const code = all.find((t) => t.text === "3769-M7B9")!;
    expect(code.attributes).toContain('direction="ltr"');
  });

  it("keeps the English label left to right, the brand letter-spaced in capitals", async () => {
    const svg = await labelSvg({ url: "https://x/verify?code=ABCD1234", code: "ABCD1234", productName: "Hydra Calm", brandName: "Lunara", caption: "Scan" });
    const brand = texts(svg).find((t) => t.text === "LUNARA")!;
    expect(brand.attributes).toContain('direction="ltr"');
    expect(brand.attributes).toContain('letter-spacing="4"');
  });
});

describe("the brand mark outside the label", () => {
  it("is the favicon's crescent", () => {
    const favicon = readFileSync(new URL("../../../public/favicon.svg", import.meta.url), "utf8");
    expect(favicon).toContain(BRAND_MARK.crescent);
    expect(favicon).not.toContain(LEAF);
  });

  it("is the stylesheet's logo mark too", () => {
    const css = readFileSync(new URL("../../app.css", import.meta.url), "utf8");
    const mark = /\.logo-mark \{[^}]*--icon: url\("data:image\/svg\+xml,([^"]+)"\)/.exec(css)?.[1];
    const { ring } = BRAND_MARK;
    expect(mark).toContain(`viewBox='0 0 ${BRAND_MARK.size} ${BRAND_MARK.size}'`);
    expect(mark).toContain(`cx='${ring.cx}' cy='${ring.cy}' r='${ring.r}'`);
    expect(mark).toContain(`stroke-width='${ring.strokeWidth}'`);
    expect(mark).toContain(BRAND_MARK.crescent);
  });
});
