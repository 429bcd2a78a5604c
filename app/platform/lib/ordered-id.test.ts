import { describe, expect, it } from "vitest";
import { orderedId } from "./ordered-id";

describe("orderedId", () => {
  it("is a version-7 UUID, strictly increasing within the process, and never repeats", () => {
    const ids = Array.from({ length: 20_000 }, () => orderedId());
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    const ms = Number.parseInt(ids[0]!.replace(/-/g, "").slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});
