import { describe, expect, it } from "vitest";
import { chartGeometry, niceMax } from "./chart";

const day = (date: string, counts: Partial<Record<"valid" | "recalled" | "used" | "replayed" | "wrong_pin" | "bad_mac" | "unknown" | "expired" | "revoked", number>> = {}) => ({
  date,
  valid: 0,
  recalled: 0,
  used: 0,
  replayed: 0,
  wrong_pin: 0,
  bad_mac: 0,
  unknown: 0,
  expired: 0,
  revoked: 0,
  ...counts,
});

describe("checks chart geometry", () => {
  it("puts the y axis's four gridlines on round whole numbers", () => {
    expect([0, 3, 5, 9, 24, 41, 100, 1234].map(niceMax)).toEqual([4, 4, 8, 20, 40, 80, 100, 2000]);
  });

  it("stacks each day's outcomes and mirrors the time axis right to left", () => {
    const days = [day("2026-11-01", { valid: 2, unknown: 1 }), day("2026-11-02"), day("2026-11-03", { used: 4 })];
    const ltr = chartGeometry(days, false);
    const rtl = chartGeometry(days, true);
    expect(ltr.max).toBe(4);
    expect(ltr.bars.map((b) => b.total)).toEqual([3, 0, 4]);
    expect(ltr.bars[0]!.segments.map((s) => s.outcome)).toEqual(["valid", "unknown"]);
    // Stacked: the upper segment sits on the lower one.
    const [valid, unknown] = ltr.bars[0]!.segments;
    expect(unknown!.y + unknown!.height).toBeCloseTo(valid!.y);
    expect(ltr.bars[0]!.x).toBeLessThan(ltr.bars[2]!.x);
    expect(rtl.bars[0]!.x).toBeGreaterThan(rtl.bars[2]!.x);
    // The last day is always labelled.
    expect(ltr.labelled.has(2)).toBe(true);
    expect(rtl.plot.x + rtl.plot.width).toBeGreaterThanOrEqual(rtl.bars[0]!.x + rtl.bars[0]!.width);
    expect(rtl.plot.x).toBeLessThanOrEqual(rtl.bars[2]!.x);
  });

  it("labels every fifth day, every tenth on a phone, today always", () => {
    const month = Array.from({ length: 30 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, "0")}`));
    const { labelled, phoneLabelled } = chartGeometry(month, false);
    expect([...labelled]).toEqual([4, 9, 14, 19, 24, 29]);
    expect([...phoneLabelled]).toEqual([9, 19, 29]);
  });
});
