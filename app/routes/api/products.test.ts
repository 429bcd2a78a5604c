import { describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/catalog";
import { action, loader } from "./products";

type Args = Parameters<typeof loader>[0];
const call = (url: string) => loader({ request: new Request(url), params: {}, context: {} } as unknown as Args);

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
