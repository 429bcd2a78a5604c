import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { labelAuditTargets } from "~/composers/audit-log/audit-targets.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { loadAuditScreen } from "~/composers/audit-log/screens/audit-loader.server";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";
import { signedInCaller } from "../../../tests/unit/api";
import * as list from "./audit-list";

const call = signedInCaller("audit-api-owner", "audit-api-password-long");

describe("GET /api/v1/audit/list/ and the audit screen show each entry's facts (issue 42)", () => {
  it("a refusal's reason is in the API's `detail` and under the entry's outcome on the screen", async () => {
    await recordAudit({ action: "team.change_refused", actor: { id: null, username: "detail-owner" }, target: "admin:detail-owner", outcome: "refused", detail: { error: "last_owner" } });
    await recordAudit({ action: "request.refused", actor: null, target: "page:/admin", outcome: "refused", detail: { reason: "cross_site", method: "POST" } });
    await recordAudit({ action: "sign_out", actor: { id: null, username: "detail-quiet" } });

    const res = await call(list.loader, "/audit/list/?actor=detail-owner");
    expect(res.status).toBe(200);
    expect(res.body.data.entries).toHaveLength(1);
    expect(res.body.data.entries[0]).toMatchObject({ action: "team.change_refused", outcome: "refused", detail: { error: "last_owner" } });
    const crossSite = (await call(list.loader, "/audit/list/?action=request.refused")).body.data.entries[0];
    expect(crossSite.detail).toEqual({ reason: "cross_site", method: "POST" });
    expect((await call(list.loader, "/audit/list/?actor=detail-quiet")).body.data.entries[0].detail).toBeNull();

    const request = new Request("http://localhost:3000/admin/dashboard/audit?actor=detail-owner");
    const context = new RouterContextProvider();
    let screen: Awaited<ReturnType<typeof loadAuditScreen>> | undefined;
    await i18nextMiddleware({ request, context, params: {} } as never, async () => {
      screen = await loadAuditScreen(request, context, labelAuditTargets);
      return new Response();
    });
    expect(screen!.entries[0]!.facts).toEqual([["error", "last_owner"]]);
  });
});
