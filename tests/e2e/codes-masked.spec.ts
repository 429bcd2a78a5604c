import { api, createCodeViaApi, formatted, uniqueCode } from "./admin-helpers";
import { signIn } from "./auth-helpers";
import { e2eDb } from "./db";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Issue 30 (decision 149): a viewer may read the codes screen but not carry codes away, so an active
 * code shows as `••••-••••` (nothing of it, issue 42 and decision 170), with a note saying why.
 */
test("a viewer's codes screen shows an active code masked", async ({ page, request }) => {
  test.slow(); // five password hashes (a member made, signed in twice, a new password) on a shared 2-core machine
  const created = await createCodeViaApi(request, uniqueCode("M"));
  const username = `mask.viewer.${test.info().project.name}.${Date.now()}`.toLowerCase();
  const temporary = "sapphire-kettle-morning-3";
  const password = "harbor-quill-tangerine-58";
  expect((await api(request, "POST", "/api/v1/admins/create/", { username, role: "viewer", password: temporary })).status).toBe(201);
  // The first sign-in asks for a new password: given through the API, so the browser goes straight in.
  const login = await request.post("/api/v1/users/login/", { data: { username, password: temporary } });
  const token = (await login.json()).data.access_token as string;
  const changed = await request.post("/api/v1/users/password/", { data: { current_password: temporary, new_password: password }, headers: { Authorization: `Bearer ${token}` } });
  expect(changed.status()).toBe(200);

  await signIn(page, { username, password });
  await page.goto(`/admin/dashboard/codes?code=${created.code}`);
  const row = page.getByTestId("code-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("code-value")).toHaveText("••••-••••");
  await expect(row).toContainText(created.product.name);
  await expect(page.getByTestId("codes-masked-note")).toBeVisible();
  // The search field keeps what the viewer typed; the row never shows more than the first group.
  await expect(row).toHaveAttribute("data-code", "••••-••••");
  await expect(row).not.toContainText(formatted(created.code));
  await expectNoAxeViolations(page);

  // An open alert: the viewer reads it, and sees no Acknowledge or Close it could not use.
  const alertId = `viewer-alert-${test.info().project.name}-${Date.now()}`;
  const at = new Date().toISOString();
  e2eDb()
    .prepare(
      "INSERT INTO alerts (id, kind, subject, status, code_id, code, product_id, batch_id, detail, scans_count, created_at, updated_at, acknowledged_at, acknowledged_by, closed_at, closed_by) VALUES (?, 'guessing', ?, 'open', NULL, NULL, NULL, NULL, ?, 1, ?, ?, NULL, NULL, NULL, NULL)",
    )
    .run(alertId, `guessing:${alertId}`, JSON.stringify({ kind: "guessing", reason: "spike", unknown_last_hour: 40, threshold: 30 }), at, at);
  await page.goto(`/admin/dashboard/alerts/${alertId}`);
  await expect(page.getByTestId("alert-status")).toBeVisible();
  await expect(page.getByTestId("alert-acknowledge")).toHaveCount(0);
  await expect(page.getByTestId("alert-close")).toHaveCount(0);
});
