import { describe, expect, it } from "vitest";
import { canonicalPath, canonicalPathOf } from "./canonical-path.server";

describe("the one spelling of each URL (issue 42, N10)", () => {
  it("spells static segments as the route does, one slash between segments; dynamic segments as sent", () => {
    expect(canonicalPathOf("/API/DOCS", "/api/docs")).toBe("/api/docs");
    expect(canonicalPathOf("/api/docs//", "/api/docs")).toBe("/api/docs/");
    expect(canonicalPathOf("//api///docs", "/api/docs")).toBe("/api/docs");
    expect(canonicalPathOf("/api/docs", "/api/docs")).toBe("/api/docs");
    expect(canonicalPathOf("/ADMIN/Invitation/AbC_d-9", "/admin/invitation/:token")).toBe("/admin/invitation/AbC_d-9");
    expect(canonicalPathOf("/01/0123/10/LoT-1/21/SeRiAl", "/01/:gtin/10/:lot/21/:serial")).toBe("/01/0123/10/LoT-1/21/SeRiAl");
    expect(canonicalPathOf("/Product", "/product/:id?")).toBe("/product");
    expect(canonicalPathOf("/Product/Abc", "/product/:id?")).toBe("/product/Abc");
    expect(canonicalPathOf("/API/V1/Codes/List/", "/api/v1/codes/list")).toBe("/api/v1/codes/list/");
    // The catch-alls keep what they caught; never a protocol-relative path.
    expect(canonicalPathOf("/No/Such//Page", "/*")).toBe("/No/Such/Page");
    expect(canonicalPathOf("//evil.example/x", "/*")).toBe("/evil.example/x");
    expect(canonicalPathOf("/API/nothing", "/api/*")).toBe("/api/nothing");
    expect(canonicalPathOf("//", "/")).toBe("/");
    // A shape it cannot follow is left alone.
    expect(canonicalPathOf("/a/b/c", "/a/:b")).toBeNull();
  });

  it("redirects a GET spelled otherwise (308, the query kept), and lets the route's own spelling, other methods and data requests through", async () => {
    const run = async (url: string, pattern: string, method = "GET") => {
      try {
        return (await canonicalPath({ request: new Request(url, { method }), pattern, params: {}, context: {} } as never, async () => new Response("page"))) as Response;
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const moved = await run("http://localhost/API/DOCS?lng=ar", "/api/docs");
    expect(moved.status).toBe(308);
    expect(moved.headers.get("Location")).toBe("/api/docs?lng=ar");
    expect((await run("http://localhost/api/docs", "/api/docs")).status).toBe(200);
    expect((await run("http://localhost/API/V1/CODES/VERIFY/", "/api/v1/codes/verify", "POST")).status).toBe(200);
    expect((await run("http://localhost/Verify.data", "/verify")).status).toBe(200);
  });
});
