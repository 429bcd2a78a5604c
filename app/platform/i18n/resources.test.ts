import { describe, expect, it } from "vitest";
import { basePicks, bundlesOf, footerPicks, picksWithout, resources } from "./resources";

describe("the dictionaries a page sends (bundlesOf)", () => {
  it("a whole namespace is the dictionary itself", () => {
    expect(bundlesOf("ar", ["verify"])).toEqual({ verify: resources.ar.verify });
  });

  it("a key of a namespace sends only that key, with every plural form of the language", () => {
    expect(bundlesOf("en", ["home", "catalog.carousel"])).toEqual({ home: resources.en.home, catalog: { carousel: resources.en.catalog.carousel } });
    const ar = bundlesOf("ar", ["catalog.count", "catalog.empty"]).catalog as Record<string, unknown>;
    expect(Object.keys(ar).sort()).toEqual(["count_few", "count_many", "count_one", "count_other", "count_two", "count_zero", "empty"]);
    expect(Object.keys(bundlesOf("en", ["catalog.count"]).catalog!).sort()).toEqual(["count_one", "count_other"]);
  });

  it("never sends the server's own messages, and hands out the same object for the same picks", () => {
    expect(bundlesOf("en", ["common"])).not.toHaveProperty("server");
    expect(resources.en.common).not.toHaveProperty("api");
    expect(bundlesOf("ar", ["home", "catalog.carousel"])).toBe(bundlesOf("ar", ["home", "catalog.carousel"]));
  });

  it("every document's part of `common` and the footer's together are all of it, with nothing twice", () => {
    for (const language of ["en", "ar"] as const) {
      const base = bundlesOf(language, basePicks).common!;
      const footer = bundlesOf(language, footerPicks).common!;
      expect(base).not.toHaveProperty("footer");
      expect(base).not.toHaveProperty("brandTagline");
      expect(Object.keys(footer).sort()).toEqual(["brandTagline", "footer"]);
      expect({ ...base, ...footer }).toEqual(resources[language].common);
    }
  });

  it("a namespace but a corner: every other key, plural forms included (the verify page without the pack page's words)", () => {
    const { pack, ...rest } = resources.ar.verify;
    expect(pack).toBeDefined();
    expect(bundlesOf("ar", picksWithout("verify", ["pack"]))).toEqual({ verify: rest });
    expect(bundlesOf("en", picksWithout("catalog", ["carousel"])).catalog).not.toHaveProperty("carousel");
    expect(Object.keys(bundlesOf("ar", picksWithout("catalog", ["carousel"])).catalog!)).toEqual(expect.arrayContaining(["count_few", "count_many"]));
  });
});
