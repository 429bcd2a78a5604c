import { describe, expect, it } from "vitest";
import { wantsPageCache } from "./page-cache";
import { eligibleRequest } from "./page-cache.server";

describe("page cache eligibility (decision 132)", () => {
  it("a GET with no query, or only ?lng=en|ar, and no cookie but the language's", () => {
    expect(eligibleRequest("GET", "/", {})).toEqual({ path: "/", lng: null });
    expect(eligibleRequest("GET", "/products/face?lng=ar", {})).toEqual({ path: "/products/face", lng: "ar" });
    expect(eligibleRequest("GET", "/verify", { cookie: "lng=ImFyIg%3D%3D" })).toEqual({ path: "/verify", lng: null });
  });

  it("anything else goes to the framework", () => {
    expect(eligibleRequest("POST", "/contact", {})).toBeNull();
    expect(eligibleRequest("HEAD", "/", {})).toBeNull();
    expect(eligibleRequest("GET", "/verify?code=ABCD-1234", {})).toBeNull();
    expect(eligibleRequest("GET", "/?lng=fr", {})).toBeNull();
    expect(eligibleRequest("GET", "/?lng=en&lng=ar", {})).toBeNull();
    expect(eligibleRequest("GET", "/?utm_source=qr", {})).toBeNull();
    expect(eligibleRequest("GET", "/contact", { cookie: "toast=eyJ0eXBlIjoic3VjY2VzcyJ9" })).toBeNull();
    expect(eligibleRequest("GET", "/", { cookie: "lng=ImFyIg%3D%3D; access_token=x" })).toBeNull();
    expect(eligibleRequest("GET", "//evil.example/", {})).toBeNull();
    expect(eligibleRequest("GET", "/favicon.svg", {})).toBeNull();
    expect(eligibleRequest("GET", "/assets/entry.client-x.js", {})).toBeNull();
    expect(eligibleRequest("GET", `/${"a".repeat(300)}`, {})).toBeNull();
  });

  it("the deepest matched route decides", () => {
    expect(wantsPageCache([undefined, { paintFirst: true }, { pageCache: true }])).toBe(true);
    expect(wantsPageCache([undefined, { paintFirst: true }, undefined])).toBe(false);
    expect(wantsPageCache([{ pageCache: true }, undefined])).toBe(false);
  });
});
