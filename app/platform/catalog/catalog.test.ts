import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  categories,
  categoryImage,
  getCategory,
  getProduct,
  isCategoryName,
  productDescription,
  productHowToUse,
  productImages,
  productName,
  products,
  productsIn,
  productSummary,
} from "./catalog";
import { labelFacts, productLabel, RESPONSIBLE_PERSON } from "./labels";
import { parseRichText } from "./rich-text";
import { categoryNames } from "./types";
import { isGtin, toGtin14 } from "~/platform/codes/digital-link";

const publicDir = join(import.meta.dirname, "../../../public");

describe("catalogue data", () => {
  it("has the six categories of the specification, in order, with their titles", () => {
    expect(categories.map((c) => c.name)).toEqual([...categoryNames]);
    expect(Object.fromEntries(categories.map((c) => [c.name, c.title.en]))).toEqual({
      face: "Face Care",
      "face-and-body": "Face and Body Care",
      sun: "Sun Care",
      "under-arms": "Under Arms Care",
      body: "Body Care",
      "instant-white": "Instant White",
    });
    for (const c of categories) {
      expect(c.title.ar).toMatch(/[\u0600-\u06FF]/);
      expect(c.description.ar).toMatch(/[\u0600-\u06FF]/);
      expect(c.imageAlt.en.length).toBeGreaterThan(5);
      expect(c.imageAlt.ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("has twelve products with unique uuid-like ids, none featured", () => {
    expect(products).toHaveLength(12);
    const ids = new Set(products.map((p) => p.id));
    expect(ids.size).toBe(12);
    for (const p of products) {
      expect(p.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(p.featured).toBe(false);
      expect(isCategoryName(p.category)).toBe(true);
    }
  });

  it("gives every product its own GTIN-13 under one GS1 company prefix, each with a valid check digit", () => {
    const gtins = products.map((p) => p.gtin);
    expect(new Set(gtins).size).toBe(12);
    for (const gtin of gtins) {
      expect(gtin).toMatch(/^9526543\d{6}$/);
      expect(isGtin(gtin), gtin).toBe(true);
      expect(toGtin14(gtin)).toBe(`0${gtin}`);
    }
  });

  it("puts at least one product in every category", () => {
    for (const name of categoryNames) expect(productsIn(name).length, name).toBeGreaterThan(0);
  });

  it("lists the sunscreen strengths SPF 90, 90++, 60 and 59 (a no-break space before the number), all in Sun Care", () => {
    const names = products.map((p) => p.name).join(" | ");
    for (const spf of ["SPF\u00A090 ", "SPF\u00A090++", "SPF\u00A060", "SPF\u00A059"]) expect(`${names} `).toContain(spf);
    const arNames = products.map((p) => p.nameAr).join(" | ");
    for (const spf of ["SPF\u00A090++", "SPF\u00A060", "SPF\u00A059"]) expect(arNames).toContain(spf);
    // Every sunscreen sits with the others, the family lotion (SPF 59) included.
    const sunscreens = products.filter((p) => p.name.includes("SPF"));
    expect(sunscreens.map((p) => p.name)).toContain("Family Sun Lotion SPF\u00A059");
    expect(sunscreens.every((p) => p.category === "sun")).toBe(true);
  });

  it("gives every product bilingual text with headings, and parallel how-to-use steps or none", () => {
    let withoutSteps = 0;
    for (const p of products) {
      expect(p.nameAr).toMatch(/[\u0600-\u06FF]/);
      const en = parseRichText(p.description);
      const ar = parseRichText(p.descriptionAr);
      expect(en.filter((s) => s.kind === "heading").length, p.name).toBeGreaterThanOrEqual(2);
      expect(ar.map((s) => s.kind), p.name).toEqual(en.map((s) => s.kind));
      expect(p.howToUse === null, p.name).toBe(p.howToUseAr === null);
      if (p.howToUse === null) {
        withoutSteps++;
        continue;
      }
      const steps = parseRichText(p.howToUse);
      const stepsAr = parseRichText(p.howToUseAr);
      expect(steps.every((s) => s.kind === "step"), p.name).toBe(true);
      expect(steps.map((s) => (s.kind === "step" ? s.number : 0))).toEqual(steps.map((_, i) => i + 1));
      expect(stepsAr.map((s) => s.kind)).toEqual(steps.map((s) => s.kind));
    }
    expect(withoutSteps).toBeGreaterThan(0);
    expect(withoutSteps).toBeLessThan(12);
  });

  it("ships every image with alt text in both languages, and each file exists", () => {
    const all = new Set<string>();
    for (const p of products) {
      expect(p.images.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.name).toBeLessThanOrEqual(3);
      expect(p.imageAlts).toHaveLength(p.images.length);
      for (const src of p.images) {
        expect(all.has(src), `${src} is shared`).toBe(false);
        all.add(src);
        expect(existsSync(join(publicDir, src)), src).toBe(true);
      }
    }
    for (const c of categories) expect(existsSync(join(publicDir, c.image)), c.image).toBe(true);
    expect(existsSync(join(publicDir, "images/hero.svg"))).toBe(true);
  });
});

describe("look-ups", () => {
  const first = products[0]!;

  it("finds products and categories, and nothing for unknown or missing keys", () => {
    expect(getProduct(first.id)).toBe(first);
    expect(getProduct("not-an-id")).toBeUndefined();
    expect(getProduct(undefined)).toBeUndefined();
    expect(getCategory("sun")?.title.en).toBe("Sun Care");
    expect(getCategory("hair")).toBeUndefined();
    expect(isCategoryName("hair")).toBe(false);
    expect(isCategoryName(undefined)).toBe(false);
  });

  it("filters by category and returns everything without one", () => {
    expect(productsIn()).toHaveLength(12);
    expect(productsIn("sun").every((p) => p.category === "sun")).toBe(true);
    expect(productsIn("hair")).toEqual([]);
    expect(categoryNames.reduce((n, c) => n + productsIn(c).length, 0)).toBe(12);
  });

  it("localizes names, descriptions, steps, summaries and images", () => {
    expect(productName(first, "en")).toBe(first.name);
    expect(productName(first, "ar")).toBe(first.nameAr);
    expect(productDescription(first, "ar")).toBe(first.descriptionAr);
    const noSteps = products.find((p) => p.howToUse === null)!;
    expect(productHowToUse(noSteps, "en")).toBeNull();
    expect(productHowToUse(first, "ar")).toBe(first.howToUseAr);
    expect(productSummary(first, "en", 60).length).toBeLessThanOrEqual(60);
    expect(productSummary(first, "en")).not.toContain("{");
    const images = productImages(first, "ar");
    expect(images[0]).toEqual({ src: first.images[0], alt: first.imageAlts[0]!.ar, width: 800, height: 800 });
    expect(categoryImage(getCategory("body")!, "en")).toMatchObject({ width: 800, height: 600 });
  });
});

describe("EU cosmetics label data (decision 192)", () => {
  it("every product has its label: content, function and precautions in both languages, INCI names, a period after opening", () => {
    for (const product of products) {
      const label = productLabel(product.id);
      expect(label, product.name).toBeDefined();
      const { content, function: purpose, ingredients, periodAfterOpeningMonths, precautions } = label!;
      expect(content, product.name).toMatch(/^\d+ (ml|g)$/);
      expect(purpose.en.length * purpose.ar.length, product.name).toBeGreaterThan(0);
      expect(purpose.ar, product.name).toMatch(/[\u0600-\u06FF]/);
      // INCI names are Latin, each once; a water-based product lists water (Aqua) first, a bar its soap.
      expect(ingredients.length, product.name).toBeGreaterThanOrEqual(10);
      expect(new Set(ingredients).size, product.name).toBe(ingredients.length);
      for (const name of ingredients) expect(name, product.name).toMatch(/^[A-Za-z0-9][A-Za-z0-9 ./,()[\]-]*$/);
      expect([6, 12, 24], product.name).toContain(periodAfterOpeningMonths);
      expect(precautions.length, product.name).toBeGreaterThan(0);
      for (const precaution of precautions) expect(precaution.ar, product.name).toMatch(/[\u0600-\u06FF]/);
    }
    expect(productLabel("no-such-product")).toBeUndefined();
  });

  it("sun products carry the sun warnings and a best-before date on the pack; a fragranced product lists its allergens; no medical claims", () => {
    for (const product of productsIn("sun")) {
      const label = productLabel(product.id)!;
      expect(label.bestBeforeOnPack, product.name).toBe(true);
      expect(label.precautions.map((p) => p.en), product.name).toContain("Do not stay too long in the sun, even while using a sunscreen product.");
    }
    for (const product of products) {
      const label = productLabel(product.id)!;
      if (label.ingredients.includes("Parfum")) expect(label.ingredients.some((name) => ["Linalool", "Limonene", "Citronellol", "Geraniol", "Coumarin", "Benzyl Benzoate", "Benzyl Salicylate"].includes(name)), product.name).toBe(true);
      const english = [label.function.en, ...label.precautions.map((p) => p.en)].join(" ");
      expect(english, product.name).not.toMatch(/\b(cures?|treats?|heals?|therap|disease|eczema|acne|medical)\b/i);
    }
  });

  it("shows a label in one language with the EU responsible person", () => {
    const facts = labelFacts(productLabel(products[0]!.id)!, "ar");
    expect(facts.function).toBe("كريم مرطّب للوجه");
    expect(facts.ingredients[0]).toBe("Aqua");
    expect(facts.responsible).toEqual(RESPONSIBLE_PERSON);
  });
});
