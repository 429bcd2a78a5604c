import type { Browser, Page, TestInfo } from "@playwright/test";
import arCommon from "../../locales/ar/common";
import arScanner from "../../locales/ar/scanner";
import arVerify from "../../locales/ar/verify";
import enCommon from "../../locales/en/common";
import enScanner from "../../locales/en/scanner";
import enVerify from "../../locales/en/verify";
import { digitalLinkUrl } from "../../app/platform/codes/digital-link";
import { verifyUrl } from "../../app/platform/codes/qr";
import { HYDRA } from "./catalog-helpers";
import { getCode, grouped, insertCode } from "./db";
import { browserWithQrCamera, cameraStreams, watchCamera } from "./fake-camera";
import { closeFraudNotice, expect, expectNoAxeViolations, openIn, test, type Lang } from "./fixtures";

/**
 * "Scan the label" on /verify (issue 27), fed by Chromium's fake camera showing a QR code: this site's
 * Digital Link opens its pack page, this site's verify link checks its code, any other address is
 * never opened but warned about. The scanner needs JavaScript: without it the button is absent.
 */

const words = { en: { s: enScanner, v: enVerify }, ar: { s: arScanner, v: arVerify } } as const;
const NO_JS = "the scanner needs JavaScript: without it the button is absent (asserted by the no-JavaScript test)";

/** How long a first read may take: the camera starts, the reader and its WebAssembly (1.1 MB) load and compile. */
const READ = 15_000;

const siteOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!;

/**
 * /verify in a browser whose camera shows `text`, hydrated, the fraud notice closed, the scanner
 * pressed. `from`: a page opened first, from which the header's link leads to /verify by a client-side
 * navigation (that document may not use the camera: the press loads /verify as a document, which
 * opens the scanner by itself).
 */
async function scan(browser: Browser, testInfo: TestInfo, lang: Lang, from?: string) {
  const context = await browser.newContext({ baseURL: siteOf(testInfo), permissions: ["camera"] });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await watchCamera(page);
  await openIn(page, from ?? "/verify", lang);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await closeFraudNotice(page);
  if (from) {
    await page.getByRole("navigation").getByRole("link", { name: (lang === "en" ? enCommon : arCommon).nav.verify }).click();
    await expect(page).toHaveURL(/\/verify(\?lng=[a-z]+)?$/);
    await closeFraudNotice(page);
  }
  // Nothing of the reader comes with the page: the dialog and the polyfill load when the button is pressed.
  expect(requests.filter((url) => /scanner-dialog|ponyfill|zxing/.test(url))).toEqual([]);
  await page.getByRole("button", { name: words[lang].s.button }).click();
  if (from) {
    // A document load of /verify (its own fraud notice first, which only a new document shows); then the scanner opens.
    await closeFraudNotice(page);
  }
  return { page, requests };
}

/** Runs a journey in a browser of its own whose camera shows `text` (a launch and a reader's first load: a slow test). */
async function withCamera(testInfo: TestInfo, text: string, journey: (browser: Browser) => Promise<void>) {
  test.slow();
  const browser = await browserWithQrCamera(testInfo, text);
  try {
    await journey(browser);
  } finally {
    await browser.close();
  }
}

/** Every camera stream the page opened asked for the back camera, and is stopped. */
async function expectCameraStopped(page: Page) {
  await expect.poll(() => cameraStreams(page)).toEqual([{ video: { facingMode: "environment" }, ended: true }]);
}

test.describe("scanner", () => {
  test("a Digital Link QR code of this site opens its pack page, also when /verify was reached from another page (en)", async ({ jsEnabled }, testInfo) => {
    test.skip(!jsEnabled, NO_JS);
    const url = digitalLinkUrl(siteOf(testInfo), { gtin: "9520123456788", lot: "L2026-07", serial: "ABCDEFGHJK", bestBefore: "2027-03-31" });
    await withCamera(testInfo, url, async (browser) => {
      const { page, requests } = await scan(browser, testInfo, "en", "/products");
      await expect(page).toHaveURL(url, { timeout: READ });
      await expectCameraStopped(page);
      // Headless Chromium has no BarcodeDetector of its own: the polyfill read it, its WebAssembly from this site.
      expect(requests.filter((r) => r.endsWith(".wasm"))).toEqual([expect.stringMatching(new RegExp(`^${siteOf(testInfo)}/assets/zxing_reader-[\\w-]+\\.wasm$`))]);
    });
  });

  test("this site's verify link checks its code, as the link does (ar)", async ({ jsEnabled }, testInfo) => {
    test.skip(!jsEnabled, NO_JS);
    const code = insertCode(HYDRA).code;
    await withCamera(testInfo, verifyUrl(siteOf(testInfo), code), async (browser) => {
      const { page } = await scan(browser, testInfo, "ar");
      // Read, then the check's POST and its redirect, as a typed code's.
      await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/, { timeout: READ });
      const dialog = page.getByTestId("verify-dialog");
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expect(dialog.getByTestId("code-token")).toHaveText(grouped(code));
      expect(getCode(code)?.status).toBe("expired");
      await expectCameraStopped(page);
    });
  });

  for (const lang of ["en", "ar"] as const) {
    test(`any other address is never opened: a warning, the address as text, the way to report it (${lang})`, async ({ jsEnabled }, testInfo) => {
      test.skip(!jsEnabled, NO_JS);
      const { s } = words[lang];
      const foreign = "https://lunara.example.evil.com/verify?code=ABCD2345";
      await withCamera(testInfo, foreign, async (browser) => {
        const { page, requests } = await scan(browser, testInfo, lang);
        const dialog = page.getByRole("dialog", { name: s.title });
        const warning = dialog.getByTestId("scanner-foreign");
        await expect(warning).toBeVisible({ timeout: READ });
        await expect(warning).toContainText(s.foreign.title);
        await expect(warning).toContainText(lang === "en" ? "not Lunara's website" : "ليس موقع لونارا");
        const address = warning.getByTestId("scanner-foreign-url");
        await expect(address).toHaveText(foreign);
        await expect(address).toHaveAttribute("dir", "ltr");
        await expect(dialog.locator("a[href*='evil']")).toHaveCount(0);
        await expect(warning.getByRole("link", { name: s.foreign.report })).toHaveAttribute("href", "/contact");
        await expectCameraStopped(page);
        if (lang === "ar") await expectNoAxeViolations(page);
        // Never opened: the page stayed, nothing went to that host.
        await expect(page).toHaveURL(/\/verify\?lng=/);
        expect(requests.filter((url) => url.includes("evil.com"))).toEqual([]);

        // Close ends the dialog and gives the focus back to the button.
        await dialog.getByRole("button", { name: s.close }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole("button", { name: s.button })).toBeFocused();
      });
    });
  }

  test("a refused camera is said in the dialog, and the typed form stays usable (en)", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, NO_JS);
    const { s, v } = words.en;
    // The browser's answer when the shopper says no (how a headless browser answers a prompt varies).
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await openIn(page, "/verify", "en");
    await page.getByRole("button", { name: s.button }).click();
    const dialog = page.getByRole("dialog", { name: s.title });
    await expect(dialog.getByRole("status")).toHaveText(s.denied);
    await dialog.getByRole("button", { name: s.close }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: s.button })).toBeFocused();
    await expect(page.getByLabel(v.form.label)).toBeEditable();
  });

  test("without JavaScript there is no scan button; only the scanner's pages allow the camera and WebAssembly", async ({ page, jsEnabled, request }) => {
    test.skip(jsEnabled, "with JavaScript the button is there: the journeys above use it");
    await openIn(page, "/verify", "en");
    await expect(page.getByLabel(enVerify.form.label)).toBeVisible();
    await expect(page.getByRole("button", { name: enScanner.button })).toHaveCount(0);
    const verify = (await request.get("/verify")).headers();
    expect(verify["content-security-policy"]).toContain("'wasm-unsafe-eval'");
    expect(verify["permissions-policy"]).toContain("camera=(self)");
    const home = (await request.get("/")).headers();
    expect(home["content-security-policy"]).not.toContain("wasm-unsafe-eval");
    expect(home["permissions-policy"]).toContain("camera=()");
  });
});
