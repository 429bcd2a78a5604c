import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corsPreflight, isCorsPath } from "./cors.server";
import { methodAndPathGuard } from "./edge.server";

// The CORS preflight of the resolver's paths (decision 190) in front of the edge's method guard, in a
// real HTTP server: OPTIONS answered where any origin may read, refused (405) everywhere else.

let server: Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(corsPreflight());
  app.use(methodAndPathGuard());
  app.use((_req, res) => void res.end("app"));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("CORS on the resolver's paths", () => {
  it("answers OPTIONS on a Digital Link, the description file and a recall status: 204, any origin, GET/HEAD/OPTIONS, the linkset linked", async () => {
    for (const path of ["/01/09526543000013", "/01/09526543000013/10/L1/21/S1/", "/.well-known/gs1resolver", "/recalls/01/09526543000013/10/L1"]) {
      const answer = await fetch(`${base}${path}`, { method: "OPTIONS", headers: { Origin: "https://till.example", "Access-Control-Request-Method": "GET" } });
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect(answer.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
      expect(answer.headers.get("access-control-expose-headers")).toContain("Link");
      expect(answer.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      if (path.startsWith("/01/")) expect(answer.headers.get("link")).toMatch(/^<http:\/\/localhost:3000\/01\/09526543000013[^>]*\?linkType=linkset>; rel="linkset"/);
      else expect(answer.headers.get("link")).toBeNull();
    }
  });

  it("leaves every other path, and anything odd, to the method guard (405); other methods go on", async () => {
    for (const path of ["/", "/api/v1/codes/", "/product/x", "/01", "/01x/1"]) {
      expect((await fetch(`${base}${path}`, { method: "OPTIONS" })).status, path).toBe(405);
    }
    expect((await fetch(`${base}/01/${"9".repeat(1100)}`, { method: "OPTIONS" })).status).toBe(405);
    expect(await (await fetch(`${base}/01/09526543000013`)).text()).toBe("app");
    expect(isCorsPath("/.well-known/gs1resolver/")).toBe(true);
    expect(isCorsPath("/.well-known/other")).toBe(false);
  });
});
