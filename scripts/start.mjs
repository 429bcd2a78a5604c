// `npm start`: builds the production bundle when it is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const stamp = join(root, "build/server/index.js");
const sources = ["app", "locales", "migrations", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(join(root, s))));
if (built < changed || process.argv.includes("--build")) {
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync(join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("Build failed: see the output above.");
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV ??= "production";
const { startServer } = await import("../server.js");
startServer().catch((error) => {
  console.error(`Server failed to start: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`);
  process.exit(1);
});
