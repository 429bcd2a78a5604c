// Makes sure a Chromium exists for Playwright; installs Debian's when running as root.
// Never lets the browser tests be skipped silently: exits non-zero when none can be had.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "./chromium.mjs";

async function playwrightOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

let path = chromiumPath();
if (!path && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("No Chromium found: installing Debian's chromium package…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  path = chromiumPath();
}
if (!path) path = await playwrightOwn();
if (!path) {
  console.error("No Chromium for the browser tests. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.");
  process.exit(1);
}
console.log(`Chromium: ${path}`);
