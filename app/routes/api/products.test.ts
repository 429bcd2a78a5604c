import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { products } from "~/catalog/catalog";
import { action, loader } from "./products";

type Args = Parameters<typeof loader>[0];
const call = (url: string, headers: HeadersInit = {}) => loader({ request: new Request(url, { headers }), params: {}, context: {} } as unknown as Args);

describe("GET /api/v1/products/", () => {
  it("answers the twelve products in the success envelope", async () => {
    const response = call("http://localhost/api/v1/products/");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status_code).toBe(6000);
    expect(body.error).toBeNull();
    expect(typeof body.message).toBe("string");
    expect(body.data).toHaveLength(12);
    expect(body.data[0]).toEqual(JSON.parse(JSON.stringify(products[0])));
    expect(body.data[0]).toMatchObject({ id: expect.any(String), nameAr: expect.any(String), featured: false });
  });

  it("filters by category and can include the categories", async () => {
    const sun = await call("http://localhost/api/v1/products/?category=sun").json();
    expect(sun.data.length).toBeGreaterThan(0);
    expect(sun.data.every((p: { category: string }) => p.category === "sun")).toBe(true);
    const withCategories = await call("http://localhost/api/v1/products/?include=categories").json();
    expect(withCategories.data.products).toHaveLength(12);
    expect(withCategories.data.categories.map((c: { name: string }) => c.name)).toContain("instant-white");
  });

  it("answers gzip made once to a client that takes it, the same JSON plain to one that does not", async () => {
    const plain = call("http://localhost/api/v1/products/?category=sun");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/Accept-Encoding/);
    const text = await plain.text();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    for (const accept of ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*"]) {
      const zipped = call("http://localhost/api/v1/products/?category=sun", { "accept-encoding": accept });
      expect(zipped.headers.get("content-encoding"), accept).toBe("gzip");
      const bytes = Buffer.from(await zipped.arrayBuffer());
      expect(Number(zipped.headers.get("content-length"))).toBe(bytes.length);
      expect(gunzipSync(bytes).toString("utf8")).toBe(text);
    }
    for (const accept of ["gzip;q=0", "deflate, br", "identity"]) {
      expect(call("http://localhost/api/v1/products/?category=sun", { "accept-encoding": accept }).headers.get("content-encoding"), accept).toBeNull();
    }
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("refuses an unknown category with a 400 error envelope", async () => {
    const response = call("http://localhost/api/v1/products/?category=hair");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.status_code).toBe(6001);
    expect(body.data).toBeNull();
  });

  it("answers other methods with 405 and an Allow header", async () => {
    const response = action();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
    expect((await response.json()).status_code).toBe(6001);
  });
});
