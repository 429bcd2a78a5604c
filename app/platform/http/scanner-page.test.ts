import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY, SCANNER_PERMISSIONS_POLICY } from "./edge.server";
import { isScannerPage } from "./scanner-page";

describe("the scanner's pages", () => {
  it("are the verify page and a check's result view, nothing else", () => {
    for (const path of ["/verify", "/verify/", "/verify/result/AbCdEfGhIjKlMnOpQrStUv"]) expect(isScannerPage(path), path).toBe(true);
    for (const path of ["/", "/contact", "/verify/result/x/report", "/verify/result/", "/verifyx", "/admin/verify", "/01/09520123456788/21/ABCDEFGHJK"]) {
      expect(isScannerPage(path), path).toBe(false);
    }
  });

  // Their CSP ('wasm-unsafe-eval') is asserted on the served pages by tests/e2e/scanner.spec.ts.
  it("get the camera, which every other answer denies", () => {
    expect(PERMISSIONS_POLICY).toContain("camera=()");
    expect(SCANNER_PERMISSIONS_POLICY).toBe(PERMISSIONS_POLICY.replace("camera=()", "camera=(self)"));
  });
});
