import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.mjs";
const B = "http://127.0.0.1:3401";
const bid = process.argv[2];
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
for (const [w, h, tag] of [[1280, 900, "desk"], [390, 844, "phone"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.goto(`${B}/admin?lng=en`);
  await page.locator('input[name="username"]').fill("admin-batch");
  await page.locator('input[name="password"]').fill("batch-password-long");
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL("**/admin/dashboard**");
  for (const lng of ["en", "ar"]) {
    for (const [path, name] of [["/admin/dashboard/batches", "list"], [`/admin/dashboard/batches/${bid}`, "run"], [`/admin/dashboard/codes?batch=${bid}`, "codes"]]) {
      await page.goto(`${B}${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      await page.waitForTimeout(600);
      await page.screenshot({ path: `/tmp/bsrv/${name}-${lng}-${tag}.png`, fullPage: true });
    }
  }
  await ctx.close();
}
await browser.close();
