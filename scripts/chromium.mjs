// Finds the Chromium the browser tests drive: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import { existsSync } from "node:fs";

const candidates = () => [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

export function chromiumPath() {
  return candidates().find((path) => existsSync(path));
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
