// The production install's weight (decision 180): the packages `npm ci --omit=dev` installs, as npm
// itself lists them (`npm ls --omit=dev --all --parseable`, the project not counted), and what their own
// files weigh in node_modules. Printed by `npm run graph`; `node scripts/install-weight.mjs` alone too.
import { execFileSync } from "node:child_process";
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** The folders of the production closure's packages, as npm lists them. */
export function productionClosure() {
  let listing;
  try {
    listing = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (error) {
    // npm ls exits 1 on a problem it also prints (an extraneous package, say); its list still stands.
    listing = error.stdout ?? "";
  }
  return [...new Set(listing.split("\n").filter((dir) => dir && dir !== root))];
}

/** Bytes of a package's own files (a nested node_modules holds other packages, counted on their own). */
function ownBytes(dir) {
  let total = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    if (item.isDirectory()) {
      if (item.name !== "node_modules") total += ownBytes(path);
    } else total += lstatSync(path).size;
  }
  return total;
}

/** The closure's count and its bytes on disk. */
export function installWeight() {
  const closure = productionClosure();
  return { packages: closure.length, bytes: closure.reduce((sum, dir) => sum + ownBytes(dir), 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { packages, bytes } = installWeight();
  console.log(`production closure ${packages} packages, ${(bytes / 1e6).toFixed(1)} MB of files (npm ls --omit=dev; decision 180)`);
}
