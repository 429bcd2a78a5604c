import { describe, expect, it } from "vitest";
import { isApiDocsPage } from "./api-docs-page";

// Its CSP (inline <style> elements allowed, scripts as everywhere) is asserted on the served page by tests/e2e/api-docs.spec.ts.
describe("the API reference page", () => {
  it("is /api/docs, nothing else", () => {
    for (const path of ["/api/docs", "/api/docs/"]) expect(isApiDocsPage(path), path).toBe(true);
    for (const path of ["/", "/api/docs/scalar.js", "/api/v1/openapi.json", "/api/docsx", "/admin/api/docs"]) expect(isApiDocsPage(path), path).toBe(false);
  });
});
