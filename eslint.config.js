// ESLint (flat config): TypeScript, React hooks, accessibility, and the layers of docs/architecture.md.
//
//   routes/  →  feature folders, in FEATURE_ORDER  →  ui/  →  http/, i18n/, root-data  →  lib/
//   migrations/  →  db/  →  lib/
//
// A feature imports only the features listed after it in FEATURE_ORDER, never one above it, so no two
// features are tied both ways. Inside a feature, its screens/ use its modules, never the reverse.
// Every folder of app/ that is not a shared layer must be listed: a new feature is placed on purpose.
import { readdirSync, statSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const shared = ["routes", "ui", "lib", "http", "i18n"];
/** The feature folders, top to bottom. */
const FEATURE_ORDER = ["openapi", "metrics", "admin", "resolver", "batches", "nfc", "registrations", "analytics", "reports", "alerts", "webhooks", "scans", "verification", "contact", "team", "auth", "audit", "mail", "outbox", "seo", "catalog"];
const features = readdirSync("app").filter((name) => statSync(`app/${name}`).isDirectory() && !shared.includes(name));
const unplaced = features.filter((f) => !FEATURE_ORDER.includes(f));
if (unplaced.length > 0) throw new Error(`eslint.config.js: place app/${unplaced.join("/, app/")}/ in FEATURE_ORDER (a feature imports only the ones after it).`);
const featureDirs = features.map((f) => `app/${f}/**`);
const top = ["app/{root.tsx,routes.ts,entry.server.tsx,entry.client.tsx}"];
const rootData = "app/root-data.{ts,tsx}";
const everythingBut = (...kept) => [...["routes", "ui", "http", "i18n", "lib"].filter((d) => !kept.includes(d)).map((d) => `app/${d}/**`), ...featureDirs, ...top, rootData];

/** Files of one layer may not import from the listed places; the message says which layer rule it breaks. */
const zone = (target, from, message) => ({ target, from, message });

const layerZones = [
  zone(["app/lib/**"], [...everythingBut("lib"), "db/**", "locales/**"], "lib/ holds self-contained helpers: it imports only lib/."),
  zone(["app/i18n/**"], ["app/routes/**", "app/ui/**", "app/http/**", ...featureDirs, ...top, "db/**"], "i18n/ is shared: it imports only lib/ and locales/."),
  zone(["app/http/**"], ["app/routes/**", "app/ui/**", ...featureDirs, ...top], "http/ is the shared HTTP edge: it imports lib/, i18n/ and db/, never a feature, a route or a component."),
  zone(
    ["app/ui/**"],
    ["app/routes/**", "app/http/**", ...featureDirs, ...top, "db/**", "app/**/*.server.ts", "app/**/*.server.tsx"],
    "ui/ holds React components only: no server module, no database, no feature, no route, not root.tsx (use ~/root-data).",
  ),
  zone(["app/root-data.ts"], ["app/routes/**", "app/ui/**", "app/http/**", ...featureDirs, "db/**"], "root-data.ts only describes the root loader's data."),
  zone(["db/**", "migrations/**"], everythingBut("lib"), "db/ and migrations/ import no feature: only lib/."),
  zone(["app/routes/**"], ["db/**", "migrations/**"], "A route calls a feature; it never queries the database itself."),
  zone(["db/**"], ["migrations/**"], "db/ never imports migrations/: the start-up hands it the list (registerMigrations)."),
  ...features.map((feature) => {
    const above = FEATURE_ORDER.slice(0, FEATURE_ORDER.indexOf(feature));
    const others = features.filter((f) => f !== feature);
    return zone(
      [`app/${feature}/**`],
      ["app/routes/**", ...top, ...above.map((f) => `app/${f}/**`), ...others.map((f) => `app/${f}/**/*.tsx`)],
      `A feature (${feature}/) imports only the features after it in FEATURE_ORDER (eslint.config.js), never a route, root.tsx or another feature's component.`,
    );
  }),
  // A feature's screens use its modules; its modules never reach up into its screens.
  ...features.map((feature) => zone([`app/${feature}/!(screens)/**`, `app/${feature}/*`], [`app/${feature}/screens/**`], `${feature}/: only screens/ imports screens/.`)),
];

export default tseslint.config(
  { ignores: ["build/**", ".react-router/**", "node_modules/**", "test-results/**", "data/**", "bench/results/**", "tests/lint-fixtures/**", "vendor/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-explicit-any": ["error", { ignoreRestArgs: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "migrations/**/*.ts"],
    plugins: { "import-x": importX, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      // Parse imported TypeScript modules too, so cycles through them are seen.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      // One spelling per place: the aliases, not long relative climbs.
      "no-restricted-imports": ["error", { patterns: [{ group: ["../../*"], message: "Use the ~/, @db/, @locales/ or @migrations/ alias." }] }],
    },
  },
  {
    // Migrations take Kysely<any> (they must not depend on today's schema types).
    files: ["migrations/**/*.ts", "db/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Route modules stay thin: parse, call one feature function, render.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Tests exercise a layer through the routes and the database directly: they stand outside the layers.
    files: ["**/*.test.{ts,tsx}", "**/*.child.ts", "tests/**/*.{ts,mjs}"],
    rules: { "import-x/no-restricted-paths": "off", "no-restricted-imports": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
