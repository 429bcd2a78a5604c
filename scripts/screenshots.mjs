// `npm run screenshots -- --out DIR`: full-page PNGs of the public pages from the production build on
// a fresh SQLite database (a loopback port, fixed environment), at 390 and 1280 px wide, in en and ar,
// with JavaScript on and off, so a refactor can show the pages unchanged pixel for pixel.
// `npm run screenshots -- --admin`: the admin's screens for the docs (docs/screens/, scripts/screenshots-admin.mjs).
// `npm run screenshots -- --shopper`: the shopper's two-part and recall journeys for the docs (docs/screens/shopper/, scripts/screenshots-shopper.mjs).
// `npm run screenshots -- --compare BEFORE_DIR AFTER_DIR`: every file of either folder compared pixel by
// pixel; each differing file is printed with its count of differing pixels, and the exit code is 1 if
// any differs (or is missing on one side); a few faint pixels of known noise are tolerated (NOISE_LEVELS). `--no-build` captures the build already there; `--only home,verify` some pages.
//
// Deterministic by construction: a fresh context per shot (no cookies carried over), time zone UTC,
// device scale 1, CSS animations and transitions stopped, every lazy image loaded before the shot. With
// JavaScript the page's clock is Playwright's, paused at a fixed date and moved on only in small steps
// while the page hydrates (never near the carousel's 5 s advance or a toast's 6 s lifetime), so the
// carousel stays on its first slide. The fraud notice is closed as a visitor closes it (its own
// button); one shot per variant shows it open on the home page. The verification result (reached by
// checking an unknown code through the form: the only shot that writes, a scan) masks its "checked at"
// line, the one thing on these pages that depends on the time of the run.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { PNG } from "pngjs";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { ensureBuild, productIds, rmSync, startServer, tempDir, timeLimit } from "../bench/lib.mjs";
import { captureAdmin } from "./screenshots-admin.mjs";
import { captureShopper } from "./screenshots-shopper.mjs";

const WIDTHS = [390, 1280];
const LANGUAGES = ["en", "ar"];
/** The page clock's start: any fixed instant. */
const CLOCK_START = new Date("2026-01-15T10:00:00Z").getTime();
/** Simulated time a shot may spend hydrating and settling: under the carousel's 5 s interval. */
const CLOCK_BUDGET_MS = 4000;
/** An unknown code, checked through the form for the result view. */
const UNKNOWN_CODE = "ZZZZ-2222-ZZZZ";

/** Brand facts and limits the caller's environment might set: the shots use the defaults. */
const FIXED_ENV_PREFIXES = ["BRAND_", "SOCIAL_", "PAGE_CACHE_", "SITE_URL", "TRUST_PROXY", "DATABASE_", "DATA_DIR"];

function usage() {
  console.error("usage: npm run screenshots -- --out DIR [--no-build] [--only NAME,…]\n       npm run screenshots -- --compare BEFORE_DIR AFTER_DIR\n       npm run screenshots -- --admin [--out docs/screens] [--no-build]\n       npm run screenshots -- --shopper [--out docs/screens/shopper] [--no-build]");
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------
// Capture

/** Each public page: [file name, path or a function of the product id, optional steps after load]. */
function pages(productId) {
  return [
    ["home", "/"],
    ["home-notice", "/", { keepNotice: true }],
    ["products", "/products"],
    ["category", "/products/face"],
    ["product", `/product/${productId}`],
    ["verify", "/verify"],
    ["verify-result", "/verify", { checkCode: UNKNOWN_CODE }],
    ["contact", "/contact"],
    ["privacy", "/privacy"],
    ["terms", "/terms"],
    ["not-found", "/no-such-page"],
  ];
}

/** Moves the paused page clock on in small steps until `ready()` holds (or the budget is spent). */
async function stepClock(page, state, ready) {
  while (!(await ready())) {
    if (state.spent >= CLOCK_BUDGET_MS) throw new Error(`${page.url()}: not ready within ${CLOCK_BUDGET_MS} ms of page time`);
    await page.clock.runFor(20);
    state.spent += 20;
    await page.waitForTimeout(50);
  }
}

const hydrated = (page) => () => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

/** Loads every image (lazy ones too: a full-page shot must not depend on what was scrolled into view). */
async function loadImages(page) {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    const loaded = (image) =>
      new Promise((done) => {
        image.addEventListener("load", done, { once: true });
        image.addEventListener("error", done, { once: true });
      });
    await Promise.all(images.filter((image) => !image.complete).map(loaded));
    await document.fonts.ready;
  });
}

/**
 * Snaps every scroll container, then waits until no element's scroll offset moves for three looks 200 ms apart (real time): a row that
 * scrolls its current item into view on hydration, and the browser's scroll snapping after it,
 * finish before the shot.
 */
async function scrollsSettled(page) {
  // Chromium does not always snap a scroll container after a script's scroll (the product list's
  // filter row): a scroll to where it is makes it snap, every time.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("*")) {
      if (getComputedStyle(el).scrollSnapType !== "none") el.scrollTo({ left: el.scrollLeft, top: el.scrollTop, behavior: "instant" });
    }
  });
  const offsets = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll("*"))
        .filter((el) => el.scrollLeft !== 0 || el.scrollTop !== 0)
        .map((el) => `${el.tagName}:${el.scrollLeft},${el.scrollTop}`)
        .join(" "),
    );
  let last = await offsets();
  for (let same = 0, tries = 0; same < 3 && tries < 20; tries++) {
    await page.waitForTimeout(200);
    const now = await offsets();
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

async function closeNotice(page, js, state) {
  const notice = page.getByTestId("fraud-notice");
  if (!(await notice.isVisible())) return;
  await notice.getByTestId("fraud-notice-close").click();
  if (js) await stepClock(page, state, async () => !(await notice.isVisible()));
  else await notice.waitFor({ state: "hidden" });
}

async function shoot(browser, base, { name, path, options = {}, width, lang, js, outDir }) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
    javaScriptEnabled: js,
    locale: lang === "ar" ? "ar" : "en-US",
    timezoneId: "UTC",
    colorScheme: "light",
    reducedMotion: "no-preference",
  });
  const state = { spent: 0 };
  try {
    const page = await context.newPage();
    if (js) {
      await page.clock.install({ time: CLOCK_START });
      await page.clock.pauseAt(CLOCK_START + 1000);
    }
    const url = `${base}${path}${path.includes("?") ? "&" : "?"}lng=${lang}`;
    await page.goto(url, { waitUntil: "load" });
    // The web fonts first: a script that measures the page as it hydrates (the product list's filter
    // row centres its current pill) must see the same layout every time.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    if (js) await stepClock(page, state, hydrated(page));
    if (!options.keepNotice) await closeNotice(page, js, state);
    if (options.checkCode) {
      await page.locator('main form input[name="code"]').fill(options.checkCode);
      await page.locator('main form button[type="submit"]').first().click();
      await page.waitForURL(/\/verify\/result\//);
      if (js) await stepClock(page, state, async () => (await page.getByTestId("verify-banner").count()) > 0);
      await page.getByTestId("verify-banner").waitFor();
    }
    await loadImages(page);
    await scrollsSettled(page);
    // Let whatever the last steps started (a scroll settling, a focus move) finish, in page time.
    if (js) {
      await page.clock.runFor(300);
      state.spent += 300;
    }
    const file = join(outDir, `${name}-${lang}-${width}-${js ? "js" : "nojs"}.png`);
    await page.screenshot({
      path: file,
      fullPage: true,
      animations: "disabled",
      caret: "hide",
      mask: [page.getByTestId("checked-at")],
      maskColor: "#ff00ff",
    });
    return file;
  } finally {
    await context.close();
  }
}

async function capture(outDir, { build, only }) {
  for (const key of Object.keys(process.env)) if (FIXED_ENV_PREFIXES.some((p) => key.startsWith(p))) delete process.env[key];
  mkdirSync(outDir, { recursive: true });
  await ensureBuild({ force: build });
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("no Chromium found (install Debian's chromium or set CHROMIUM_PATH)");
  const dataDir = tempDir("screenshots");
  const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1", TZ: "UTC", LOG_LEVEL: "warn" } });
  let browser;
  const guard = timeLimit(20 * 60_000, async () => {
    await browser?.close();
    await server.kill();
  });
  try {
    browser = await chromium.launch({ executablePath, args: [...chromiumFlags, "--disable-quic", "--force-color-profile=srgb", "--hide-scrollbars"] });
    const [productId] = await productIds(server.base);
    let count = 0;
    for (const [name, path, options] of pages(productId).filter(([name]) => !only || only.includes(name))) {
      for (const lang of LANGUAGES) {
        for (const width of WIDTHS) {
          for (const js of [true, false]) {
            const started = Date.now();
            await shoot(browser, server.base, { name, path, options, width, lang, js, outDir });
            if (process.env.SCREENSHOTS_TIMING) console.log(`  ${name} ${lang} ${width} ${js ? "js" : "nojs"}: ${Date.now() - started} ms`);
            count++;
          }
        }
      }
      console.log(`${name}: done`);
    }
    console.log(`${count} screenshots in ${outDir}`);
  } finally {
    clearTimeout(guard);
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// Compare

/**
 * Known noise, measured by capturing the same build twice: at 390 px with JavaScript the header's
 * language button's rounded border sometimes comes out 1 or 2 levels (of 255) apart, 24 pixels, on a
 * few pages. A file whose only differences are at most NOISE_LEVELS per channel on at most
 * NOISE_PIXELS pixels counts as identical (the tolerated pixels are still printed); anything more is a
 * difference.
 */
const NOISE_LEVELS = 2;
const NOISE_PIXELS = 64;

/** Differing pixels between two PNG files (every pixel when their sizes differ), and how many are faint. */
function differingPixels(fileA, fileB) {
  const a = PNG.sync.read(readFileSync(fileA));
  const b = PNG.sync.read(readFileSync(fileB));
  if (a.width !== b.width || a.height !== b.height) {
    return { count: Math.max(a.width * a.height, b.width * b.height), faint: 0, size: `${a.width}x${a.height} vs ${b.width}x${b.height}` };
  }
  let count = 0;
  let faint = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const delta = Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]), Math.abs(a.data[i + 2] - b.data[i + 2]), Math.abs(a.data[i + 3] - b.data[i + 3]));
    if (delta > 0) count++;
    if (delta > 0 && delta <= NOISE_LEVELS) faint++;
  }
  return { count, faint };
}

function compare(beforeDir, afterDir) {
  const pngs = (dir) => new Set(readdirSync(dir).filter((f) => f.endsWith(".png")));
  const before = pngs(beforeDir);
  const after = pngs(afterDir);
  const names = [...new Set([...before, ...after])].sort();
  let differing = 0;
  for (const name of names) {
    if (!before.has(name) || !after.has(name)) {
      console.log(`${name}: only in ${before.has(name) ? beforeDir : afterDir}`);
      differing++;
      continue;
    }
    const { count, faint, size } = differingPixels(join(beforeDir, name), join(afterDir, name));
    if (count === 0) continue;
    if (count === faint && faint <= NOISE_PIXELS) {
      console.log(`${name}: ${count} pixels within ${NOISE_LEVELS} levels (tolerated noise)`);
      continue;
    }
    console.log(`${name}: ${count} differing pixels${size ? ` (size ${size})` : ""}`);
    differing++;
  }
  console.log(`${names.length} files compared, ${differing} differ`);
  return differing === 0 ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------------

const args = process.argv.slice(2);
if (args[0] === "--compare") {
  if (args.length !== 3) usage();
  process.exit(compare(resolve(args[1]), resolve(args[2])));
} else if (args.includes("--shopper")) {
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : "docs/screens/shopper";
  if (!out) usage();
  await captureShopper(resolve(out), { build: !args.includes("--no-build") });
} else if (args.includes("--admin")) {
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : "docs/screens";
  if (!out) usage();
  await captureAdmin(resolve(out), { build: !args.includes("--no-build") });
} else if (args.includes("--out")) {
  const out = args[args.indexOf("--out") + 1];
  if (!out) usage();
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1].split(",") : null;
  await capture(resolve(out), { build: !args.includes("--no-build"), only });
} else usage();
