import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ASSETS, keepRoutePattern, routePatternOf, routePatterns, UNMATCHED, type RouteEntry } from "./route-pattern";

// The shape of the server build's `build.routes` (ids, parents, paths), as app/routes.ts makes it.
const manifest: Record<string, RouteEntry> = {
  root: { id: "root", path: "" },
  "routes/api/packs-get": { id: "routes/api/packs-get", parentId: "root", path: "api/v1/packs/:serial" },
  "routes/api/packs-redeem": { id: "routes/api/packs-redeem", parentId: "root", path: "api/v1/packs/:serial/redeem" },
  "routes/api/not-found": { id: "routes/api/not-found", parentId: "root", path: "api/*" },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root" },
  "routes/admin/batch": { id: "routes/admin/batch", parentId: "routes/admin/layout", path: "admin/dashboard/batches/:id" },
  "routes/public-layout": { id: "routes/public-layout", parentId: "root" },
  "routes/home": { id: "routes/home", parentId: "routes/public-layout", index: true },
  "routes/verify": { id: "routes/verify", parentId: "routes/public-layout", path: "verify" },
  "routes/pack": { id: "routes/pack", parentId: "routes/public-layout", path: "01/:gtin/10/:lot/21/:serial" },
  "routes/product": { id: "routes/product", parentId: "routes/public-layout", path: "product/:id?" },
  "routes/not-found": { id: "routes/not-found", parentId: "routes/public-layout", path: "*" },
};

describe("routePatterns", () => {
  const patternOf = routePatterns(manifest);

  it("labels a request with its route's pattern, never its codes or serials", () => {
    expect(patternOf("/api/v1/packs/SN0001/")).toBe("/api/v1/packs/:serial");
    expect(patternOf("/api/v1/packs/SN0002/redeem/")).toBe("/api/v1/packs/:serial/redeem");
    expect(patternOf("/01/09506000134352/10/LOT7/21/ABC123")).toBe("/01/:gtin/10/:lot/21/:serial");
    expect(patternOf("/admin/dashboard/batches/42")).toBe("/admin/dashboard/batches/:id");
    expect(patternOf("/product/p-9")).toBe("/product/:id?");
  });

  it("gives the home page, React Router's data requests and the catch-alls their own patterns", () => {
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/_root.data")).toBe("/");
    expect(patternOf("/verify.data")).toBe("/verify");
    expect(patternOf("/no/such/page")).toBe("/*");
    expect(patternOf("/api/v9/anything")).toBe("/api/*");
    expect(patternOf("/assets/entry.client-AbC123.js")).toBe(ASSETS);
  });

  it("answers `unmatched` when no route matches at all, and stays bounded", () => {
    const small = routePatterns({ root: { id: "root", path: "" }, "routes/verify": { id: "routes/verify", parentId: "root", path: "verify" } }, 2);
    expect(small("/elsewhere")).toBe(UNMATCHED);
    for (let i = 0; i < 10; i++) expect(small(`/x${i}`)).toBe(UNMATCHED);
    expect(small("/verify")).toBe("/verify");
  });
});

describe("keepRoutePattern", () => {
  // React Router hands its middleware the matched route's pattern as its route paths joined.
  const kept = async (pattern: string) => {
    const context = new RouterContextProvider();
    const answer = new Response("ok");
    const args = { pattern, context, request: new Request("http://x/"), params: {}, url: new URL("http://x/") };
    expect(await keepRoutePattern(args as unknown as Parameters<typeof keepRoutePattern>[0], async () => answer)).toBe(answer);
    return routePatternOf(context);
  };

  it("keeps React Router's own match in the request's context, labelled as routePatterns labels it", async () => {
    const patternOf = routePatterns(manifest);
    expect(await kept("api/v1/packs/:serial/redeem")).toBe(patternOf("/api/v1/packs/SN0003/redeem/"));
    expect(await kept("01/:gtin/10/:lot/21/:serial")).toBe(patternOf("/01/09506000134352/10/LOT7/21/ABC123"));
    expect(await kept("/")).toBe(patternOf("/"));
    expect(await kept("*")).toBe(patternOf("/no/such/page"));
    expect(await kept("api/*")).toBe("/api/*");
  });

  it("keeps nothing for a request that never reached it", () => {
    expect(routePatternOf(new RouterContextProvider())).toBeNull();
  });
});
