// Finds the Chromium the browser tests drive: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import { existsSync } from "node:fs";

const candidates = () => [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

/** The full browser (Lighthouse and the screenshots want it). */
export function chromiumPath() {
  return candidates().find((path) => existsSync(path));
}

/**
 * What Playwright drives: CHROMIUM_PATH, else Debian's headless shell (the same engine without the
 * desktop browser around it, as Playwright's own headless Chromium is; the whole browser suite runs in
 * about 60% of the time it takes in the full browser here, see bench/MEASURED.md), else the full browser.
 */
export function testBrowserPath() {
  return [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium-headless-shell"].filter(Boolean).find((path) => existsSync(path)) ?? chromiumPath();
}

/** The flags Debian's Chromium needs here (no sandbox in a container, no GPU, no background traffic). */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
