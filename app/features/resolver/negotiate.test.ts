import { describe, expect, it } from "vitest";
import { acceptWeight, chooseLinks, type Link } from "./negotiate";
import { linkTypeIri } from "./link-types";

const html = (lang: string, href = `https://x.test/${lang}`): Link => ({ href, title: lang, type: "text/html", hreflang: [lang] });
const data: Link = { href: "https://x.test/data", title: "data", type: "application/json", hreflang: ["en", "ar"] };

describe("choosing among a link type's links (decision 190)", () => {
  it("by the request's language, English when it asks for neither", () => {
    const links = [html("en"), html("ar")];
    expect(chooseLinks(links, { accept: "*/*", language: "ar" })).toEqual([links[1]]);
    expect(chooseLinks(links, { accept: null, language: "en" })).toEqual([links[0]]);
  });

  it("by the media type the request names, then the language; HTML first for a request that names none", () => {
    const links = [html("en"), html("ar"), data];
    expect(chooseLinks(links, { accept: "application/json", language: "ar" })).toEqual([data]);
    expect(chooseLinks(links, { accept: "text/html,application/xhtml+xml,*/*;q=0.8", language: "ar" })).toEqual([links[1]]);
    expect(chooseLinks(links, { accept: "*/*", language: "en" })).toEqual([links[0]]);
    // A type the request refuses (q=0) is not chosen for it.
    expect(chooseLinks(links, { accept: "application/json;q=0, text/html", language: "en" })).toEqual([links[0]]);
  });

  it("several links a request cannot tell apart: all of them (the resolver answers 300 Multiple Choices)", () => {
    const twins = [html("en", "https://x.test/a"), html("en", "https://x.test/b"), html("ar")];
    expect(chooseLinks(twins, { accept: "text/html", language: "en" })).toEqual([twins[0], twins[1]]);
    expect(chooseLinks([], { accept: null, language: "en" })).toEqual([]);
  });

  it("weighs Accept's ranges by their specificity", () => {
    expect(acceptWeight("text/*;q=0.5, text/html;q=0.9, */*;q=0.1", "text/html")).toBe(0.9);
    expect(acceptWeight("text/*;q=0.5, */*;q=0.1", "text/plain")).toBe(0.5);
    expect(acceptWeight("application/json", "text/html")).toBe(0);
    expect(acceptWeight(null, "text/html")).toBe(0);
  });
});

describe("link types asked for", () => {
  it("as a CURIE or an IRI of GS1's vocabulary at any of its addresses, or of ours; anything else is none", () => {
    const site = "https://lunara.test";
    for (const asked of ["gs1:pip", "https://gs1.org/voc/pip", "https://ref.gs1.org/voc/pip", "http://gs1.org/voc/pip"]) expect(linkTypeIri(asked, site)).toBe("https://gs1.org/voc/pip");
    expect(linkTypeIri("lunara:authenticityCheck", site)).toBe("https://lunara.test/voc/authenticityCheck");
    expect(linkTypeIri("https://lunara.test/voc/authenticityCheck", site)).toBe("https://lunara.test/voc/authenticityCheck");
    for (const asked of ["pip", "gs1:", "gs1:a b", "schema:url", "https://example.com/voc/pip"]) expect(linkTypeIri(asked, site)).toBeNull();
  });
});
