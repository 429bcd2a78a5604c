import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Content first, enhancement after the first paint.
 *
 * Every page works without JavaScript, so a shopper on a slow phone network needs the HTML, the
 * stylesheet, the fonts and the pictures before anything else. React Router's `<Scripts />` asks for
 * all of the page's JavaScript at once: `<link rel="modulepreload">` tags (React hoists them into
 * `<head>`, ahead of the stylesheet) and an async module script that runs as soon as its imports
 * arrive. On a slow connection those 150 kB compete with what paints the page and run before it.
 *
 * This rewrites that output as it streams out: the preload tags are dropped, and the module script
 * becomes a small classic script that, once the page has been painted (a frame, then a task), adds
 * the same preloads and the same module script. Hydration itself is unchanged. Public pages opt in
 * through their route's `handle` (the admin does not). If the markup ever stops matching (a new React
 * or React Router), the document streams through untouched, the mismatch is logged once, and pages
 * simply load as before. `paint-first.server.test.ts` pins the shape; the foundation e2e spec checks
 * a real page.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** JSON that is safe inside an inline script: nothing in it can close the element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Where the module script's text waits, inert, until the loader copies it into a real module script. */
const BOOT_ID = "rr-boot";

function loaderScript(nonce: string, hrefs: string[]): string {
  return (
    `(function(){var d=document;function start(){var h=d.head;` +
    `${inlineJson(hrefs)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;h.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.nonce=${inlineJson(nonce)};s.textContent=d.getElementById("${BOOT_ID}").textContent;h.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(start,0)})})();`
  );
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});(\s*window\.__reactRouterRouteModules = )/;

/**
 * React Router writes the route manifest indented (about 40 % of it is whitespace); the same object
 * written compactly. Anything that does not parse is left as it was.
 */
export function compactManifest(moduleBody: string): string {
  const match = MANIFEST.exec(moduleBody);
  if (!match) return moduleBody;
  try {
    const compact = inlineJson(JSON.parse(match[2]!));
    return moduleBody.slice(0, match.index) + match[1] + compact + ";" + match[3] + moduleBody.slice(match.index + match[0].length);
  } catch {
    return moduleBody;
  }
}

/**
 * The document with its hydration scripts deferred past the first paint, or `null` while the module
 * script has not fully arrived yet. The module script's text moves, as it was, into an inert
 * `<script type="text/plain">` (it already holds nothing that ends a script element), so it is not
 * escaped a second time as a string inside the loader.
 */
export function deferHydration(html: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const [whole, nonce = "", moduleBody = ""] = script;
  const hrefs: string[] = [];
  const head = html.slice(0, script.index).replace(MODULE_PRELOAD, (_tag, href: string) => {
    hrefs.push(href);
    return "";
  });
  const tail = html.slice(script.index + whole.length);
  return (
    `${head}<script type="text/plain" id="${BOOT_ID}">${compactManifest(moduleBody)}</script>` +
    `<script nonce="${nonce}">${loaderScript(nonce, hrefs)}</script>${tail}`
  );
}

const PRELOAD_START = '<link rel="modulepreload"';
const SCRIPT_END = "</script>";
/** Past this much held text without the module script, the markup is not what this expects. */
const MAX_HELD = 512 * 1024;

let warned = false;
function warnOnce(reason: string) {
  if (warned) return;
  warned = true;
  console.warn(`Paint-first: React's markup did not match (${reason}); documents stream through unchanged.`);
}

/**
 * The length of `text` that can go out now without splitting a tag this rewrite may need: everything
 * before a trailing, not yet complete `<link rel="modulepreload"`.
 */
function safeLength(text: string): number {
  const lt = text.lastIndexOf("<");
  if (lt < 0 || text.indexOf(">", lt) >= 0) return text.length;
  const tail = text.slice(lt);
  return PRELOAD_START.startsWith(tail) || tail.startsWith(PRELOAD_START) ? lt : text.length;
}

/**
 * A pass-through stream for a rendered document. Text before the first module preload streams out
 * as it comes. From that preload on it is held until the module script has gone by, rewritten once
 * (`deferHydration`), and from then on everything streams unchanged (React Router's data and
 * Suspense chunks). Where the markup does not match (no module script by the end of the body, or
 * far too much text), the held text goes out exactly as it came and the mismatch is logged once.
 */
export function deferHydrationStream(): Transform {
  // Decoded as a stream: a chunk may end inside a multi-byte character.
  const decoder = new StringDecoder("utf8");
  let held = "";
  let holding = false;
  let done = false;
  const release = (reason: string, callback: (error?: null, data?: string) => void) => {
    warnOnce(reason);
    done = true;
    const out = held;
    held = "";
    callback(null, out || undefined);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text || undefined);
      held += text;
      if (!holding) {
        const start = held.indexOf(PRELOAD_START);
        if (start < 0) {
          // Nothing to rewrite yet: let the text go, but a tag that may become a preload.
          const cut = safeLength(held);
          const out = held.slice(0, cut);
          held = held.slice(cut);
          if (held === "" && /<\/body>/.test(out)) warnOnce("no module preload before the end of the body");
          return callback(null, out || undefined);
        }
        holding = true;
        const out = held.slice(0, start);
        held = held.slice(start);
        if (out) this.push(out);
      }
      // Look for the module script only once a script has closed in the new text.
      if (held.includes(SCRIPT_END, Math.max(0, held.length - text.length - SCRIPT_END.length))) {
        const rewritten = deferHydration(held);
        if (rewritten !== null) {
          done = true;
          held = "";
          return callback(null, rewritten);
        }
      }
      if (held.includes("</body>")) return release("no module script before the end of the body", callback);
      if (held.length > MAX_HELD) return release("no module script in the first 512 kB", callback);
      callback();
    },
    flush(callback) {
      const rest = held + decoder.end();
      if (holding && !done) warnOnce("the document ended before the module script");
      callback(null, rest || undefined);
    },
  });
}

/** Route handles opt a page in: `export const handle = { paintFirst: true }`; the deepest route that says decides. */
export function wantsPaintFirst(handles: readonly unknown[]): boolean {
  for (const handle of [...handles].reverse()) {
    const value = (handle as { paintFirst?: unknown } | undefined)?.paintFirst;
    if (typeof value === "boolean") return value;
  }
  return false;
}
