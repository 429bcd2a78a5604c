// npm run vendor:scalar [-- VERSION]: the API reference's renderer, Scalar's browser bundle, kept in the
// repository (decision 180) instead of installing `@scalar/api-reference` and its 280-odd packages.
//
// Fetches the package's tarball with `npm pack` (npm checks it against the registry's integrity),
// copies `dist/browser/standalone.js` to vendor/scalar/standalone.js and writes vendor/scalar/scalar.json:
// the version, the tarball's integrity and the bundle's SHA-256 (app/composers/openapi/scalar.server.test.ts
// checks the file against it). Without a version it fetches the pinned one again and only says whether
// the file in the repository is still the registry's, byte for byte.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DIR = new URL("../vendor/scalar/", import.meta.url).pathname;
const MANIFEST = join(DIR, "scalar.json");
const PACKAGE = "@scalar/api-reference";
const FILE = "dist/browser/standalone.js";

const pinned = JSON.parse(readFileSync(MANIFEST, "utf8"));
const wanted = process.argv[2];
const version = wanted ?? pinned.version;
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`vendor-scalar: "${version}" is not an exact version (MAJOR.MINOR.PATCH)`);
  process.exit(1);
}

const tmp = mkdtempSync(join(tmpdir(), "vendor-scalar-"));
try {
  const [packed] = JSON.parse(execFileSync("npm", ["pack", `${PACKAGE}@${version}`, "--json", "--pack-destination", tmp], { encoding: "utf8" }));
  execFileSync("tar", ["-xzf", join(tmp, packed.filename), "-C", tmp, `package/${FILE}`]);
  const bundle = join(tmp, "package", FILE);
  const bytes = readFileSync(bundle);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (!wanted) {
    const same = sha256 === pinned.sha256 && sha256 === createHash("sha256").update(readFileSync(join(DIR, "standalone.js"))).digest("hex");
    console.log(`${PACKAGE}@${version}: ${same ? "vendor/scalar/standalone.js is the registry's file" : "vendor/scalar/standalone.js differs from the registry's file"}`);
    process.exit(same ? 0 : 1);
  }
  copyFileSync(bundle, join(DIR, "standalone.js"));
  const manifest = { package: PACKAGE, version, file: FILE, integrity: packed.integrity, sha256, bytes: bytes.length };
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`vendor/scalar/standalone.js: ${PACKAGE}@${version}, ${bytes.length} bytes, sha256 ${sha256}`);
  console.log("Check /api/docs (node scripts/e2e.mjs tests/e2e/api-docs.spec.ts --workers=1) and commit vendor/scalar/.");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
