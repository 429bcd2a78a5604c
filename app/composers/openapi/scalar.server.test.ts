import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scalarBundlePath, scalarManifest, scalarScript, scalarScriptUrl } from "./scalar.server";

/** The vendored renderer (decision 180) is the file its manifest names, byte for byte, and is served as such. */
describe("Scalar's vendored bundle", () => {
  it("matches the SHA-256 and size of vendor/scalar/scalar.json", () => {
    const bytes = readFileSync(scalarBundlePath());
    const manifest = scalarManifest();
    expect(manifest).toMatchObject({ package: "@scalar/api-reference", file: "dist/browser/standalone.js" });
    expect(bytes.length).toBe(manifest.bytes);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(manifest.sha256);
  });

  it("is served under its version, cached for a year, as JavaScript", async () => {
    expect(scalarScriptUrl()).toBe(`/api/docs/scalar.js?v=${scalarManifest().version}`);
    const response = scalarScript();
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(scalarManifest().bytes);
    expect(Buffer.from(body).toString("latin1")).toContain("createApiReference");
  });
});
