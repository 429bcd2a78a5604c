// `npm run screenshots -- --admin [--out docs/screens] [--no-build]`: the admin's screens as a brand's
// team sees them (issue 29), for readers of the repository who do not run it: every screen of the
// menu and a run's page, in en and ar, at 390 px (the viewport, a phone's first screen) and 1280 px
// (the full page), with JavaScript, time zone UTC, on a fresh database seeded through the API (see
// `seed`), and the index docs/screens/README.md. The shots show the run's own times: they are documentation, not a
// pixel-for-pixel comparison (that is the public pages' mode).
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { ADMIN, ensureBuild, login, productIds, rmSync, startServer, tempDir, timeLimit } from "../bench/lib.mjs";

const WIDTHS = [390, 1280];
const LANGUAGES = ["en", "ar"];
const LOT = "HC-2611-A";

/** The screens, in the menu's order: [file name, title for the index, path (a function of the seeded ids)]. */
const SCREENS = [
  ["dashboard", "Dashboard", () => "/admin/dashboard"],
  ["codes", "Verification codes", () => "/admin/dashboard/codes"],
  ["print-runs", "Print runs", () => "/admin/dashboard/batches"],
  ["print-run", `A print run (${LOT})`, (s) => `/admin/dashboard/batches/${s.runId}`],
  ["contacts", "Contact messages", () => "/admin/dashboard/contacts"],
  ["scan-log", "Scan log", () => "/admin/dashboard/scans"],
  ["alerts", "Alerts", () => "/admin/dashboard/alerts"],
  ["reports", "Counterfeit reports", () => "/admin/dashboard/reports"],
  ["team", "Team", () => "/admin/dashboard/team"],
  ["keys", "API keys", () => "/admin/dashboard/keys"],
  ["webhooks", "Webhooks", () => "/admin/dashboard/webhooks"],
  ["account", "Your account", () => "/admin/dashboard/account"],
  ["audit", "Audit trail", () => "/admin/dashboard/audit"],
];

async function call(base, access, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, "content-type": "application/json", accept: "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return path.endsWith(".csv") ? text : JSON.parse(text);
}

/**
 * A print run, a few genuine and repeated checks, unknown codes past the spike threshold (an alert), a
 * report, a member, a contact message, an API key and a webhook endpoint (on loopback: the machine
 * that makes the shots may have no DNS).
 */
async function seed(base) {
  const { access } = await login(base);
  const [productId] = await productIds(base);
  const made = await call(base, access, "POST", "/api/v1/batches/create/", { product_id: productId, quantity: 12, lot: LOT, best_before: "2027-11-30", label: "single" });
  const runId = made.data.batch.id;
  const csv = await call(base, access, "GET", `/api/v1/batches/${runId}/codes.csv`);
  const [header, ...rows] = csv.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  const codes = rows.map((row) => row[header.indexOf("code")]);
  const verify = async (code) => (await call(base, access, "POST", "/api/v1/codes/verify/", { code })).data;
  for (const code of [codes[0], codes[0], codes[1], codes[2]]) await verify(code);
  let scanId = null;
  for (let i = 0; i < 7; i++) scanId = (await verify(`ZZZZ-222${i}-ZZZZ`)).scan_id;
  await call(base, access, "POST", "/api/v1/reports/create/", { scan_id: scanId, seller: "Bazaar stall 7, Deira Old Souk", city: "Dubai", country: "AE", purchased_on: new Date().toISOString().slice(0, 10) });
  await call(base, access, "POST", "/api/v1/admins/create/", { username: "sara.editor", role: "editor", password: "a-temporary-password-long" });
  await call(base, access, "POST", "/api/v1/general/contact/create/", { name: "Layla Haddad", phone_number: "+971 50 123 4567", message: "Is the night cream safe to use with retinol? I bought it at the mall pharmacy." });
  await call(base, access, "POST", "/api/v1/keys/create/", { name: "Warehouse ERP", scopes: ["read:batches", "export:batches"] });
  await call(base, access, "POST", "/api/v1/webhooks/create/", { url: "http://127.0.0.1:8787/lunara/webhooks", events: ["alert.created", "report.created", "batch.recalled"] });
  return { runId };
}

/** The admin signed in once; every shot's context starts from these cookies. */
async function signedIn(browser, base) {
  const context = await browser.newContext({ timezoneId: "UTC" });
  const page = await context.newPage();
  await page.goto(`${base}/admin?lng=en`);
  await page.locator('input[name="username"]').fill(ADMIN.username);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL("**/admin/dashboard**");
  const state = await context.storageState();
  await context.close();
  return state;
}

async function shoot(browser, base, storageState, { name, path, lang, width, outDir }) {
  const context = await browser.newContext({
    storageState,
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
    locale: lang === "ar" ? "ar" : "en-US",
    timezoneId: "UTC",
    colorScheme: "light",
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}${path}${path.includes("?") ? "&" : "?"}lng=${lang}`, { waitUntil: "load" });
    await page.locator('#admin-main[data-hydrated="true"]').waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const file = join(outDir, `${name}-${lang}-${width}.png`);
    // A phone's first screen; the desktop's whole page.
    await page.screenshot({ path: file, fullPage: width >= 600, animations: "disabled", caret: "hide" });
    return file;
  } finally {
    await context.close();
  }
}

function writeIndex(outDir, files) {
  const kb = (file) => Math.round(statSync(file).size / 1024);
  const lines = [
    "# The admin, screen by screen",
    "",
    "Made by `npm run screenshots -- --admin` (scripts/screenshots-admin.mjs) from a fresh database seeded through the API: a",
    `print run (${LOT}), a few checks, unknown codes past the spike threshold (an alert), a counterfeit report, a second member,`,
    "a contact message, an API key and a webhook endpoint.",
    "Signed in as the first owner, JavaScript on, time zone UTC. At 390 px the phone's first screen; at 1280 px the whole page.",
    "Run it again after a change to the admin's screens and commit the images.",
    "",
    "| screen | en 390 | ar 390 | en 1280 | ar 1280 |",
    "| --- | --- | --- | --- | --- |",
    ...SCREENS.map(([name, title]) => {
      const cell = (lang, width) => {
        const file = `${name}-${lang}-${width}.png`;
        return `[${file}](${file}) (${kb(join(outDir, file))} KB)`;
      };
      return `| ${title} | ${cell("en", 390)} | ${cell("ar", 390)} | ${cell("en", 1280)} | ${cell("ar", 1280)} |`;
    }),
    "",
  ];
  writeFileSync(join(outDir, "README.md"), lines.join("\n"));
  console.log(`${files.length} screenshots and README.md in ${outDir}`);
}

export async function captureAdmin(outDir, { build }) {
  mkdirSync(outDir, { recursive: true });
  await ensureBuild({ force: build });
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("no Chromium found (install Debian's chromium or set CHROMIUM_PATH)");
  const dataDir = tempDir("screenshots-admin");
  const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1", TZ: "UTC", LOG_LEVEL: "warn", UNKNOWN_SPIKE_PER_HOUR: "5", WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE: "127.0.0.1" } });
  let browser;
  const guard = timeLimit(15 * 60_000, async () => {
    await browser?.close();
    await server.kill();
  });
  try {
    const seeded = await seed(server.base);
    browser = await chromium.launch({ executablePath, args: [...chromiumFlags, "--disable-quic", "--force-color-profile=srgb", "--hide-scrollbars"] });
    const storageState = await signedIn(browser, server.base);
    const files = [];
    for (const [name, , path] of SCREENS) {
      for (const lang of LANGUAGES) for (const width of WIDTHS) files.push(await shoot(browser, server.base, storageState, { name, path: path(seeded), lang, width, outDir }));
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
