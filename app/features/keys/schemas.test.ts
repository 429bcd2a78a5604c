import { describe, expect, it } from "vitest";
import { expiryOf } from "./schemas";

describe("expiryOf", () => {
  it("a day works through its last millisecond, UTC; a date and time keeps its moment", () => {
    expect(expiryOf("2027-03-31")).toBe("2027-03-31T23:59:59.999Z");
    expect(expiryOf("2027-06-01T12:00:00+02:00")).toBe("2027-06-01T10:00:00.000Z");
    expect(expiryOf("2027-06-01T12:00:00Z")).toBe("2027-06-01T12:00:00.000Z");
  });

  it("is null for what is not a date: no such day, no offset, words", () => {
    for (const text of ["2027-02-30", "2027-13-01", "2027-06-01T12:00:00", "31/03/2027", "tomorrow", ""]) expect(expiryOf(text), text).toBeNull();
  });
});
