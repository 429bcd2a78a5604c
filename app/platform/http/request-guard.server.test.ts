import { describe, expect, it } from "vitest";
import { unreadablePageRequest } from "./request-guard.server";

const post = (path: string, type: string | null) =>
  new Request(`http://localhost${path}`, { method: "POST", body: "a=b", headers: type ? { "content-type": type } : {} });

describe("unreadablePageRequest", () => {
  it("lets url-encoded forms through everywhere, multipart only where a file (or a one-click unsubscribe) is taken", () => {
    expect(unreadablePageRequest(post("/contact", "application/x-www-form-urlencoded"))).toBeNull();
    expect(unreadablePageRequest(post("/verify/result/abc/report", "multipart/form-data; boundary=x"))).toBeNull();
    expect(unreadablePageRequest(post("/verify/result/abc/report.data", "multipart/form-data; boundary=x"))).toBeNull();
    expect(unreadablePageRequest(post("/registrations/unsubscribe/abc", "multipart/form-data; boundary=x"))).toBeNull();
    expect(unreadablePageRequest(post("/contact", "multipart/form-data; boundary=x"))).toEqual({ status: 415 });
    expect(unreadablePageRequest(post("/admin/dashboard/team", "multipart/form-data; boundary=x"))).toEqual({ status: 415 });
  });

  it("refuses other bodies and methods on pages; leaves the API and safe methods to their routes", () => {
    expect(unreadablePageRequest(post("/contact", "application/json"))).toEqual({ status: 400 });
    expect(unreadablePageRequest(post("/contact", null))).toEqual({ status: 400 });
    expect(unreadablePageRequest(new Request("http://localhost/contact", { method: "PUT", body: "x" }))).toEqual({ status: 405 });
    expect(unreadablePageRequest(post("/api/v1/general/contact/create/", "multipart/form-data; boundary=x"))).toBeNull();
    expect(unreadablePageRequest(new Request("http://localhost/contact"))).toBeNull();
  });
});
