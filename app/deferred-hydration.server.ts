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
 * the same preloads and the same module script. Hydration itself is unchanged. If the markup ever
 * stops matching (a new React or React Router), the document passes through untouched and pages
 * simply load as before. `deferred-hydration.server.test.ts` pins the shape; the foundation e2e spec
 * checks a real page.
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

function loaderScript(nonce: string, hrefs: string[], moduleBody: string): string {
  return (
    `(function(){var d=document;function start(){var h=d.head;` +
    `${inlineJson(hrefs)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;h.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.nonce=${inlineJson(nonce)};s.textContent=${inlineJson(moduleBody)};h.appendChild(s)}` +
    `requestAnimationFrame(function(){setTimeout(start,0)})})();`
  );
}

/**
 * The document with its hydration scripts deferred past the first paint, or `null` while the module
 * script has not fully arrived yet.
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
  return `${head}<script nonce="${nonce}">${loaderScript(nonce, hrefs, moduleBody)}</script>${tail}`;
}

/**
 * A pass-through stream for the rendered document: holds text back until the module script has gone
 * by, rewrites it once, then streams the rest (React Router's data and Suspense chunks) unchanged.
 */
export function deferHydrationStream(): Transform {
  // Decoded as a stream: a chunk may end inside a multi-byte character.
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text);
      pending += text;
      // Look for the module script only once a script has closed in the new text (not on every chunk).
      if (!pending.includes("</script>", Math.max(0, pending.length - text.length - "</script>".length))) return callback();
      const rewritten = deferHydration(pending);
      if (rewritten === null) return callback();
      done = true;
      pending = "";
      callback(null, rewritten);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
