import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { dateTimeParts, formatDate } from "~/platform/i18n/format";
import { AdminDate, adminDay } from "./admin-time";

/** Decision 163: one way to write a day in the admin, for calendar days and the day of an instant alike. */
describe("the admin's dates", () => {
  it("writes a calendar day with a short month and the year, never as the raw ISO day", () => {
    expect(adminDay("2026-11-25", "en")).toBe("25 Nov 2026");
    expect(adminDay("2026-11-25", "ar")).toBe("25 نوفمبر 2026");
    expect(adminDay("2026-11-25", "en")).not.toContain("2026-11-25");
    // The shopper's pages keep the long month.
    expect(formatDate("2026-11-25", "en")).toBe("25 November 2026");
  });

  it("writes the day of an instant exactly as the calendar day, in the zone asked for", () => {
    for (const language of ["en", "ar"] as const) {
      const [day] = dateTimeParts("2026-11-25T10:00:00.000Z", language, { month: "short", timeZone: "UTC" });
      expect(day.replace(/,$/, "")).toBe(adminDay("2026-11-25", language));
    }
    // Late on the 25th in UTC is already the 26th in Riyadh: the instant's day follows the zone.
    expect(dateTimeParts("2026-11-25T22:30:00.000Z", "en", { month: "short", timeZone: "Asia/Riyadh" })).toEqual(["26 Nov 2026,", "01:30"]);
    expect(dateTimeParts("2026-11-25T22:30:00.000Z", "ar", { month: "short", timeZone: "UTC" })[1]).toBe("الساعة 22:30 (بتوقيت UTC)");
  });

  it("renders a day as an isolated <time> that keeps its own direction inside Arabic", () => {
    const html = renderToStaticMarkup(<AdminDate day="2026-11-25" language="ar" />);
    expect(html).toBe('<time dateTime="2026-11-25" class="whitespace-nowrap [unicode-bidi:isolate]">25 نوفمبر 2026</time>');
  });
});
