// Makes sure a Chromium exists for Playwright; installs Debian's (the browser and its headless shell,
// which the tests drive) when running as root.
// Never lets the browser tests be skipped silently: exits non-zero when none can be had.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { testBrowserPath } from "./chromium.mjs";

async function playwrightOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

let path = testBrowserPath();
const shell = path?.endsWith("chromium-headless-shell");
if ((!path || (!shell && !process.env.CHROMIUM_PATH)) && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("Installing Debian's chromium and chromium-headless-shell packages…");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "chromium-headless-shell"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  } catch {
    console.log("The install failed: using whatever Chromium there is.");
  }
  path = testBrowserPath();
}
if (!path) path = await playwrightOwn();
if (!path) {
  console.error("No Chromium for the browser tests. Install Debian's chromium-headless-shell (apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH.");
  process.exit(1);
}
console.log(`Chromium: ${path}`);
