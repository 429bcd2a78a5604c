import { describe, expect, it } from "vitest";
import { dateTimeParts, formatDateTime } from "./format";
import { requestTimeZone, timeZoneFromCookies, validTimeZone } from "./time-zone";

describe("the visitor's time zone", () => {
  it("accepts real zone names only", () => {
    expect(validTimeZone("Asia/Riyadh")).toBe("Asia/Riyadh");
    expect(validTimeZone("UTC")).toBe("UTC");
    for (const bad of ["", "Mars/Olympus", "Asia/Riyadh; drop", "x".repeat(80), 42, null]) expect(validTimeZone(bad)).toBeNull();
  });

  it("reads the tz cookie, and falls back to UTC", () => {
    expect(timeZoneFromCookies("lng=ar; tz=Asia%2FRiyadh")).toBe("Asia/Riyadh");
    expect(timeZoneFromCookies("xtz=Asia%2FRiyadh")).toBeNull();
    expect(timeZoneFromCookies("tz=%E0%A4%A")).toBeNull();
    expect(requestTimeZone(new Request("http://x/", { headers: { Cookie: "tz=America%2FNew_York" } }))).toBe("America/New_York");
    expect(requestTimeZone(new Request("http://x/"))).toBe("UTC");
  });
});

describe("dates and times for people", () => {
  const iso = "2026-11-21T02:13:00.000Z";
  it("name UTC, and only UTC", () => {
    expect(formatDateTime(iso, "en", { timeZone: "UTC" })).toBe("21 November 2026, 02:13 UTC");
    expect(formatDateTime(iso, "ar", { timeZone: "UTC" })).toBe("21 نوفمبر 2026 الساعة 02:13 (بتوقيت UTC)");
    expect(formatDateTime(iso, "en", { timeZone: "Asia/Riyadh" })).toBe("21 November 2026, 05:13");
    expect(formatDateTime(iso, "ar", { timeZone: "Asia/Riyadh" })).toBe("21 نوفمبر 2026 الساعة 05:13");
    expect(formatDateTime(iso, "en", { timeZone: "Asia/Riyadh", month: "short" })).toBe("21 Nov 2026, 05:13");
  });

  it("split into the day and the time, each kept whole on a narrow screen", () => {
    expect(dateTimeParts(iso, "en", { timeZone: "UTC", month: "short" })).toEqual(["21 Nov 2026,", "02:13 UTC"]);
    expect(dateTimeParts(iso, "ar", { timeZone: "UTC" })).toEqual(["21 نوفمبر 2026", "الساعة 02:13 (بتوقيت UTC)"]);
  });
});
