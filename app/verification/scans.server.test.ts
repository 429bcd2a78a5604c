import { describe, expect, it } from "vitest";
import { isScanId, newScanId } from "./scans.server";

describe("newScanId", () => {
  it("gives 22-character base64url ids, never the same one twice, across the pool's refills", () => {
    const ids = Array.from({ length: 1000 }, () => newScanId());
    expect(ids.every(isScanId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
