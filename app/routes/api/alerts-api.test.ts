import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/catalog";
import { describeBearerRequired, jsonBody, signedInCaller } from "../../../tests/unit/api";
import { checkHistory, type CheckHistory } from "../../../tests/unit/checks";
import * as alertsList from "./alerts-list";
import * as alertsStatus from "./alerts-status";

const call = signedInCaller("protect-admin", "protect-password-long");
let history: CheckHistory;

beforeAll(async () => {
  history = await checkHistory(products[0]!.id);
});

describeBearerRequired("every alerts endpoint requires a bearer token", [
  ["alerts", alertsList.loader, "/alerts/list/", {}, {}],
  ["alert status", alertsStatus.action, "/alerts/x/status/", jsonBody({ status: "closed" }), { alertId: "x" }],
]);

describe("alerts API", () => {
  it("lists alerts and moves one open → acknowledged → closed, with who and when", async () => {
    const list = await call(alertsList.loader, "/alerts/list/?status=open");
    expect(list.status).toBe(200);
    const alert = list.body.data.alerts.find((a: { kind: string }) => a.kind === "clone");
    expect(Object.keys(alert).sort()).toEqual(["batch_id", "code", "created_at", "id", "kind", "scans_count", "status", "updated_at"]);
    expect(alert).toMatchObject({ status: "open", code: history.cloneCode, scans_count: 2 });

    const path = `/alerts/${alert.id}/status/`;
    const params = { alertId: alert.id };
    const ack = await call(alertsStatus.action, path, jsonBody({ status: "acknowledged" }), params);
    expect(ack.status).toBe(200);
    expect(ack.body.data.alert).toMatchObject({ status: "acknowledged", acknowledged_by: "protect-admin" });
    expect(ack.body.data.alert.acknowledged_at).toBeTruthy();
    expect((await call(alertsStatus.action, path, jsonBody({ status: "acknowledged" }), params)).status).toBe(409);
    expect((await call(alertsStatus.action, path, jsonBody({ status: "open" }), params)).status).toBe(409);
    for (const status of ["reopened", "", 3, null]) {
      const res = await call(alertsStatus.action, path, jsonBody({ status }), params);
      expect(res.status).toBe(400);
      expect(res.body.status_code).toBe(6001);
    }
    const closed = await call(alertsStatus.action, path, jsonBody({ status: "closed" }), params);
    expect(closed.body.data.alert).toMatchObject({ status: "closed", closed_by: "protect-admin", acknowledged_by: "protect-admin" });
    expect((await call(alertsStatus.action, "/alerts/nope/status/", jsonBody({ status: "closed" }), { alertId: "nope" })).status).toBe(404);
    expect((await call(alertsList.loader, "/alerts/list/?status=closed")).body.data.alerts.map((a: { id: string }) => a.id)).toContain(alert.id);
    expect((await call(alertsList.loader, "/alerts/list/?status=archived")).status).toBe(400);
  });
});
