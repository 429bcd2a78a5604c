// `npm run screenshots -- --shopper [--out docs/screens/shopper] [--no-build]`: the shopper's two-part and
// recall journeys (issue 38) as a buyer meets them on a phone, for readers of the repository who do not
// run it: a sealed pack's page, a wrong PIN, a PIN typed on /verify, the buyer's own redeemed pack, a
// recalled run's result and its product's page; in en and ar, at 390 px with JavaScript and at 320 px
// without (each the phone's first screen), on a fresh database seeded through the API, with the index
// docs/screens/shopper/README.md. Documentation, not a pixel-for-pixel comparison (serials are random).
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { ensureBuild, login, makePacks, productIds, rmSync, startServer, tempDir, timeLimit } from "../bench/lib.mjs";

const VARIANTS = [
  { width: 390, height: 844, js: true },
  { width: 320, height: 568, js: false },
];
const LANGUAGES = ["en", "ar"];
const RECALL = {
  notice_en: "A batch of this lot may contain a preservative at a higher level than stated.\nStop using it and return it to the shop where you bought it.",
  notice_ar: "قد تحتوي عبوات هذه الدفعة على مادة حافظة بنسبة أعلى من المذكورة.\nتوقّفي عن استخدامها وأعيديها إلى المتجر الذي اشتريتِها منه.",
  hazard_en: "The higher level of preservative can irritate the skin, with redness or itching.",
  hazard_ar: "قد تهيّج النسبة الأعلى من المادة الحافظة البشرة، فتسبّب احمرارًا أو حكّة.",
  remedy_en: "Return it to the shop for a full refund, or contact us for a free replacement.",
  remedy_ar: "يمكنكِ إعادته إلى المتجر واسترداد ثمنه كاملًا، أو التواصل معنا لاستبداله مجانًا.",
};

/** The screens: [file name, title for the index, what to do on a fresh page (returns nothing)]. */
const SCREENS = [
  ["pack-sealed", "A sealed pack's page (its QR code)", async (page, s) => page.goto(s.url(s.packs.shop.path))],
  [
    "pack-wrong-pin",
    "A wrong PIN on a pack's page",
    async (page, s) => {
      await page.goto(s.url(s.packs.typo.path));
      await closeNotice(page);
      await page.locator("#pack-pin").fill(s.typo);
      await page.locator("main form button[type=submit]").click();
      await page.getByTestId("pack-pin-notice").waitFor();
    },
  ],
  [
    "verify-pin",
    "A PIN typed on /verify",
    async (page, s) => {
      await page.goto(s.url("/verify"));
      await closeNotice(page);
      await page.locator("#verify-code").fill(s.packs.shop.pin);
      await page.locator("#verify-code").press("Enter");
      await page.getByTestId("verify-pin-notice").waitFor();
    },
  ],
  ["pack-own", "The buyer's own redeemed pack", async (page, s) => page.goto(s.url(s.packs.own.path))],
  [
    "verify-recalled",
    "A recalled run's result",
    async (page, s) => {
      await page.goto(s.url("/verify"));
      await closeNotice(page);
      await page.locator("#verify-code").fill(s.recalledCodes.shift());
      await page.locator("#verify-code").press("Enter");
      await page.waitForURL(/\/verify\/result\//);
      await page.getByTestId("verify-dialog").waitFor();
    },
  ],
  ["product-recalled", "A recalled product's page", async (page, s) => page.goto(s.url(`/product/${s.productId}`))],
];

async function closeNotice(page) {
  const close = page.getByTestId("fraud-notice-close");
  if (await close.isVisible()) await close.click();
}

async function seed(base) {
  const { access } = await login(base);
  const auth = { authorization: `Bearer ${access}`, "content-type": "application/json" };
  const [productId] = await productIds(base);
  const [shop, typo, own] = await makePacks(base, productId, { quantity: 3, lot: "PK-2612" });
  const run = await (await fetch(`${base}/api/v1/batches/create/`, { method: "POST", headers: auth, body: JSON.stringify({ product_id: productId, quantity: 8, lot: "RC-2612" }) })).json();
  const runId = run.data.batch.id;
  await fetch(`${base}/api/v1/batches/${runId}/recall/`, { method: "POST", headers: auth, body: JSON.stringify(RECALL) });
  const csv = await (await fetch(`${base}/api/v1/batches/${runId}/codes.csv`, { headers: auth })).text();
  const recalledCodes = csv.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).slice(1).map((line) => line.split(",")[1]);
  return { productId, packs: { shop, typo, own }, typo: typoOf(typo.pin), recalledCodes };
}

/** The PIN with its first character mistyped, grouped in threes as the panel prints it. */
const typoOf = (pin) => `${pin[0] === "A" ? "B" : "A"}${pin.slice(1)}`.match(/.{1,3}/g).join("-");

/** The buyer's own pack: redeemed in the context that shoots it, so its browser holds the redemption. */
async function redeemOwn(page, s) {
  await page.goto(s.url(s.packs.own.path));
  await closeNotice(page);
  await page.locator("#pack-pin").fill(s.packs.own.pin);
  await page.locator("main form button[type=submit]").click();
  await page.waitForURL(/\/verify\/result\//);
}

async function shoot(browser, base, seeded, { name, step, lang, variant, outDir }) {
  const context = await browser.newContext({
    viewport: { width: variant.width, height: variant.height },
    deviceScaleFactor: 1,
    javaScriptEnabled: variant.js,
    locale: lang === "ar" ? "ar" : "en-US",
    timezoneId: "UTC",
    colorScheme: "light",
  });
  try {
    const page = await context.newPage();
    const s = { ...seeded, url: (path) => `${base}${path}${path.includes("?") ? "&" : "?"}lng=${lang}` };
    if (name === "pack-own") await redeemOwn(page, s);
    await step(page, s);
    await closeNotice(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(300);
    const file = join(outDir, `${name}-${lang}-${variant.width}-${variant.js ? "js" : "nojs"}.png`);
    await page.screenshot({ path: file, animations: "disabled", caret: "hide" });
    return file;
  } finally {
    await context.close();
  }
}

function writeIndex(outDir, files) {
  const kb = (file) => Math.round(statSync(file).size / 1024);
  const cell = (name, lang, variant) => {
    const file = `${name}-${lang}-${variant.width}-${variant.js ? "js" : "nojs"}.png`;
    return `[${file}](${file}) (${kb(join(outDir, file))} KB)`;
  };
  const lines = [
    "# The shopper's two-part and recall journeys",
    "",
    "Made by `npm run screenshots -- --shopper` (scripts/screenshots-shopper.mjs) from a fresh database seeded through the API:",
    "a two-part run of three packs (PK-2612) and a recalled single-code run (RC-2612). Each shot is a phone's first screen,",
    "time zone UTC: at 390 px with JavaScript, at 320 px without. Run it again after a change to these screens and commit the images.",
    "",
    "| screen | en 390 (JS) | ar 390 (JS) | en 320 (no JS) | ar 320 (no JS) |",
    "| --- | --- | --- | --- | --- |",
    ...SCREENS.map(([name, title]) => `| ${title} | ${cell(name, "en", VARIANTS[0])} | ${cell(name, "ar", VARIANTS[0])} | ${cell(name, "en", VARIANTS[1])} | ${cell(name, "ar", VARIANTS[1])} |`),
    "",
  ];
  writeFileSync(join(outDir, "README.md"), lines.join("\n"));
  console.log(`${files.length} screenshots and README.md in ${outDir}`);
}

export async function captureShopper(outDir, { build }) {
  mkdirSync(outDir, { recursive: true });
  await ensureBuild({ force: build });
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("no Chromium found (install Debian's chromium or set CHROMIUM_PATH)");
  const dataDir = tempDir("screenshots-shopper");
  const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1", TZ: "UTC", LOG_LEVEL: "warn" } });
  let browser;
  const guard = timeLimit(15 * 60_000, async () => {
    await browser?.close();
    await server.kill();
  });
  try {
    const seeded = await seed(server.base);
    browser = await chromium.launch({ executablePath, args: [...chromiumFlags, "--disable-quic", "--force-color-profile=srgb", "--hide-scrollbars"] });
    const files = [];
    for (const [name, , step] of SCREENS) {
      for (const lang of LANGUAGES) {
        for (const variant of VARIANTS) {
          // Each shot of the buyer's own pack redeems a pack of its own, each wrong PIN is a pack's first.
          if (name === "pack-own") seeded.packs.own = (await makePacks(server.base, seeded.productId, { quantity: 1, lot: "PK-2612" }))[0];
          if (name === "pack-wrong-pin") {
            seeded.packs.typo = (await makePacks(server.base, seeded.productId, { quantity: 1, lot: "PK-2612" }))[0];
            seeded.typo = typoOf(seeded.packs.typo.pin);
          }
          files.push(await shoot(browser, server.base, seeded, { name, step, lang, variant, outDir }));
        }
      }
      console.log(`${name}: done`);
    }
    writeIndex(outDir, files);
  } finally {
    clearTimeout(guard);
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
