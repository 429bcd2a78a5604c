import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectNoAxeViolations, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { settle, signIn } from "./admin-helpers";

const WEBHOOKS = "/admin/dashboard/webhooks";

const text = {
  en: { title: "Webhooks", url: "URL", event: "A new alert", add: "Add endpoint", manage: "Manage", test: "Send a test event", delivered: "Delivered" },
  ar: { title: "خطافات الويب", url: "العنوان", event: "تنبيه جديد", add: "إضافة الوجهة", manage: "إدارة", test: "إرسال حدث تجريبي", delivered: "تمّ الإرسال" },
};

/** The journey's own receiver: a loopback port the e2e server may send to (WEBHOOK_ALLOW_PRIVATE), answering 200. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, port, stop: () => new Promise((resolve) => server.close(resolve)) };
}

for (const lang of ["en", "ar"] as Lang[]) {
  const t = text[lang];
  test(`an owner adds a webhook endpoint, sees its secret once, sends a test event and sees it in the delivery log (${lang})`, async ({ page, jsEnabled }) => {
    skipEnglishWithoutJs(lang);
    test.setTimeout(90_000);
    const receiver = await startReceiver();
    const url = `http://127.0.0.1:${receiver.port}/hooks/${lang}-${jsEnabled ? "js" : "nojs"}`;
    try {
      await signIn(page, lang, WEBHOOKS);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(page.locator(`details a[href="${WEBHOOKS}"]`)).toHaveText(t.title);

      // Add: a URL and one event (enabled by default).
      const form = page.locator("#create-webhook");
      await form.getByLabel(t.url, { exact: true }).fill(url);
      await form.getByRole("checkbox", { name: new RegExp(t.event) }).check();
      await form.getByRole("button", { name: t.add }).click();
      const reveal = page.getByTestId("webhook-reveal");
      await expect(reveal).toBeVisible({ timeout: 20_000 });
      if (jsEnabled) await expect(reveal).toBeFocused();
      const secret = (await reveal.getByTestId("webhook-secret").textContent())!.trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      await expect(page.getByTestId("copy-button")).toHaveCount(jsEnabled ? 1 : 0);
      await expectNoAxeViolations(page);

      // Seen once: the list again shows the endpoint and no secret.
      await page.goto(`${WEBHOOKS}?lng=${lang}`);
      await settle(page);
      await expect(page.getByTestId("webhook-reveal")).toHaveCount(0);
      expect(await page.content()).not.toContain(secret.slice(6));
      const row = page.getByTestId("webhook-row").filter({ hasText: url });
      await row.getByRole("link", { name: new RegExp(url.replace(/[.?]/g, "\\$&")) }).click();
      await settle(page);

      // Send a test event: it reaches the receiver signed with the secret, and shows in the delivery log.
      // The endpoint also hears the alerts other tests raise meanwhile: the ping is looked for by its event.
      await page.getByRole("button", { name: t.test }).click();
      const pingRow = page.locator('[data-testid="delivery-row"][data-event="ping"]');
      await expect(pingRow).toHaveCount(1);
      const pings = () => receiver.received.filter((r) => (JSON.parse(r.body) as { event?: string }).event === "ping");
      await expect.poll(() => pings().length, { timeout: 15_000 }).toBe(1);
      const [request] = pings();
      const [stamp, v1] = String(request!.headers["x-webhook-signature"]).split(",");
      const seconds = stamp!.slice(2);
      expect(v1).toBe(`v1=${createHmac("sha256", secret).update(`${seconds}.${request!.body}`).digest("hex")}`);
      expect(JSON.parse(request!.body)).toMatchObject({ event: "ping", event_id: expect.any(String) });
      // The log, read again until the attempt is recorded (the sender answers after the page did).
      await expect
        .poll(
          async () => {
            await page.reload();
            return pingRow.getByTestId("delivery-status").textContent();
          },
          { timeout: 30_000 },
        )
        .toContain(t.delivered);
    } finally {
      await receiver.stop();
    }
  });
}
