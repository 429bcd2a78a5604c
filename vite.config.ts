import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * React Router's package `exports` send every condition (node, import, default) to its development
 * build, with its dev-only checks and warnings. A production build resolves its production entries
 * instead, in the browser bundle and in the server bundle, which bundles React Router (and
 * @react-router/node, which imports it) so that nothing loads the development copy at run time;
 * server.js takes the request handler from the build (decision 131). `npm run dev` keeps the
 * development build and its warnings.
 */
const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: { target: "es2022" },
  resolve:
    command === "build"
      ? {
          alias: [
            { find: /^react-router$/, replacement: production("index.mjs") },
            { find: /^react-router\/dom$/, replacement: production("dom-export.mjs") },
          ],
        }
      : {},
  ssr: {
    external: ["better-sqlite3", "argon2", "sharp"],
    noExternal: command === "build" ? ["react-router", "@react-router/node"] : [],
  },
}));
