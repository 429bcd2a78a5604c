import { describe, expect, it } from "vitest";
import { loginAfterExpiry, loginAs, readReturn, safeNext } from "./return-to";

describe("coming back after the session ended", () => {
  it("goes back only to admin pages of this site", () => {
    expect(safeNext("/admin/dashboard/codes?status=expired&page=2")).toBe("/admin/dashboard/codes?status=expired&page=2");
    expect(safeNext("/admin/dashboard")).toBe("/admin/dashboard");
    for (const bad of ["//evil.example/admin/dashboard", "https://evil.example/admin/dashboard", "/admin", "/verify", "/admin/dashboardx", "/admin/dashboard/codes/1/qr.svg", "/\\evil.example", "admin/dashboard", 42, null]) {
      expect(safeNext(bad), String(bad)).toBeNull();
    }
  });

  it("says whether a page or an unsaved change was interrupted", () => {
    expect(loginAfterExpiry(new Request("http://x/admin/dashboard/contacts?page=3"))).toBe("/admin?next=%2Fadmin%2Fdashboard%2Fcontacts%3Fpage%3D3&expired=page");
    expect(loginAfterExpiry(new Request("http://x/admin/dashboard/codes.data?index&_routes=x", { method: "POST" }))).toBe("/admin?next=%2Fadmin%2Fdashboard%2Fcodes&expired=unsaved");
    expect(loginAfterExpiry(new Request("http://x/admin/dashboard/codes/abc/qr.svg"))).toBe("/admin?next=%2Fadmin%2Fdashboard&expired=page");
    expect(readReturn(new URL("http://x/admin?next=%2Fadmin%2Fdashboard%2Fcodes&expired=unsaved"))).toEqual({ next: "/admin/dashboard/codes", expired: "unsaved", username: null });
    expect(readReturn(new URL("http://x/admin?next=https%3A%2F%2Fevil.example&expired=whatever"))).toEqual({ next: null, expired: null, username: null });
    // After an invitation: the username filled in, when it looks like one.
    expect(readReturn(new URL(`http://x${loginAs("new.editor@shop")}`)).username).toBe("new.editor@shop");
    expect(readReturn(new URL("http://x/admin?username=%3Cscript%3E")).username).toBeNull();
    expect(readReturn(new URL(`http://x/admin?username=${"a".repeat(65)}`)).username).toBeNull();
  });
});
