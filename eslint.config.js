// ESLint (flat config): TypeScript, React hooks, accessibility, and the tiers of docs/architecture.md.
//
//   app's top files (root.tsx, routes.ts, api-routes.ts, …) and routes/
//     →  composers/   (the admin frame, the OpenAPI document, analytics, metrics, the audit log: read many features)
//     →  features/    (one room each; another feature only through its modules, never its screens)
//     →  platform/    (lib, i18n, http, ui kit, access, audit, mail, outbox, notices, daily job, catalogue, codes)
//     →  db/  →  platform/lib        migrations/ (frozen: they import nothing outside migrations/)
//
// A tier imports only the tiers below it; a feature imports platform freely and another feature's
// modules (its ports: the check hook, event enqueueing, …), never its screens or any .tsx of it; no two
// folders import each other (`npm run graph` counts ties and feature pairs). Inside a composer or a
// feature, its screens/ use its modules, never the reverse. There is no order of features any more.
import { readdirSync, statSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const foldersOf = (tier) => readdirSync(`app/${tier}`).filter((name) => statSync(`app/${tier}/${name}`).isDirectory());
const features = foldersOf("features");
const composers = foldersOf("composers");
const top = ["app/*.{ts,tsx}"];
const routes = "app/routes/**";
const upper = [routes, ...top];

/** Files of one place may not import from the listed places; the message says which rule it breaks. */
const zone = (target, from, message) => ({ target, from, message });

const layerZones = [
  zone(["app/platform/**"], [...upper, "app/composers/**", "app/features/**"], "platform/ is the lowest tier: it imports only platform/ and db/, never a feature, a composer or a route."),
  zone(["app/platform/lib/**"], ["app/platform/!(lib)/**", "db/!(database-url).ts", "locales/**"], "platform/lib/ holds self-contained helpers: it imports only platform/lib/ (and db/database-url.ts, the database URL's one parser)."),
  zone(["app/platform/i18n/**"], ["app/platform/!(lib|i18n)/**", "db/**"], "platform/i18n/ imports only platform/lib/ and locales/."),
  zone(["app/platform/http/**"], ["app/platform/ui/**"], "platform/http/ is the HTTP edge: no component."),
  zone(
    ["app/platform/ui/**"],
    ["app/platform/!(ui|lib|i18n|access|catalog|codes)/**", "db/**", "app/**/*.server.ts", "app/**/*.server.tsx"],
    "platform/ui/ is the component kit: no server module, no database, no feature, no route, not root.tsx (use ~/platform/ui/root-data).",
  ),
  zone(["app/features/**"], [...upper, "app/composers/**"], "A feature imports platform/ and other features' modules: never a composer, a route or root.tsx."),
  ...features.map((feature) =>
    zone(
      [`app/features/${feature}/**`],
      [`app/features/!(${feature})/**/screens/**`, `app/features/!(${feature})/**/*.tsx`],
      `A feature (features/${feature}/) uses another feature through its modules (its ports), never its screens or components.`,
    ),
  ),
  zone(["app/composers/**"], upper, "A composer reads features and platform: never a route or root.tsx."),
  zone(["db/**"], ["app/**"], "db/ is the bottom: it imports nothing of app/; each start hands it its settings (configureDb with dbSettings of platform/database/)."),
  zone(["migrations/**"], ["app/**", "db/**"], "migrations/ are frozen once landed: they import nothing outside migrations/ (their engine-specific DDL is migrations/engine.ts, decision 199)."),
  zone(["app/routes/**"], ["db/**", "migrations/**"], "A route calls a feature; it never queries the database itself."),
  zone(["db/**"], ["migrations/**"], "db/ never imports migrations/: the start-up hands it the list (configureDb)."),
  // A feature's or a composer's screens use its modules; its modules never reach up into its screens.
  ...[...features.map((f) => `features/${f}`), ...composers.map((c) => `composers/${c}`)].map((room) =>
    zone([`app/${room}/!(screens)/**`, `app/${room}/*`], [`app/${room}/screens/**`], `${room}/: only screens/ imports screens/.`),
  ),
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
