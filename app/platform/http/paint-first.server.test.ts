import { Readable } from "node:stream";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { compactManifest, deferHydration, deferHydrationStream, wantsPaintFirst } from "./paint-first.server";

// The shape React 19 and React Router 7 write for `<Scripts />` (taken from a rendered page, shortened):
// the preloads hoisted into <head> ahead of the stylesheet, the module script at the end of <body>.
const NONCE = "n0nce+/=";
const MODULE_BODY = `;
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/contact-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"},"note":"</script> ‹خ›"};
  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};

import("/assets/entry.client-C.js");`;
const RENDERED =
  `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="${NONCE}"/>` +
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/app.css"/></head>` +
  `<body><main>اتصل بنا</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE_BODY.replace("</script>", "<\\/script>")}</script>` +
  `<!--$--><script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

/** Runs the rewritten loader against a fake document; returns what it added to <head>. */
function runLoader(html: string) {
  const loader = /<script nonce="[^"]*">(\(function\(\)\{var d=document[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error("no loader script");
  const boot = /<script type="text\/plain" id="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  const added: Record<string, string>[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    head: { appendChild: (el: Record<string, string>) => added.push(el) },
    createElement: (tag: string) => ({ tag }),
    getElementById: (id: string) => (boot?.[1] === id ? { textContent: boot[2] } : null),
  };
  runInNewContext(loader, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  return { added, frames, timers };
}

describe("deferred hydration", () => {
  it("drops the module preloads and replaces the module script with a classic loader carrying the nonce", () => {
    const out = deferHydration(RENDERED)!;
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module" async');
    expect(out).toContain(`<link nonce="${NONCE}" rel="stylesheet" href="/assets/app.css"/>`);
    expect(out).toContain("<main>اتصل بنا</main>");
    // Everything else stays where it was, in order.
    expect(out.indexOf("__reactRouterContext = {}")).toBeLessThan(out.indexOf("requestAnimationFrame"));
    expect(out.indexOf("requestAnimationFrame")).toBeLessThan(out.indexOf("streamController.close()"));
    // Nothing inside the loader can end the inline script early.
    const loader = /<script nonce="[^"]*">(\(function[\s\S]*?)<\/script><!--\$-->/.exec(out)?.[1] ?? "";
    expect(loader).not.toMatch(/<\/script/i);
  });

  it("adds the same preloads and the same module script only after a frame and a task", () => {
    const { added, frames, timers } = runLoader(deferHydration(RENDERED)!);
    expect(added).toHaveLength(0);
    frames.forEach((fn) => fn());
    expect(added).toHaveLength(0);
    timers.forEach((fn) => fn());
    expect(added.filter((el) => el.rel === "modulepreload").map((el) => el.href)).toEqual([
      "/assets/entry.client-C.js",
      "/assets/root-B.js",
    ]);
    const script = added.find((el) => el.tag === "script")!;
    expect(script.type).toBe("module");
    expect(script.nonce).toBe(NONCE);
    // The module script's own text, its manifest written compactly: the same statements, the same object.
    const body = script.textContent!;
    expect(body).toBe(compactManifest(MODULE_BODY.replace("</script>", "<\\/script>")));
    expect(body).not.toMatch(/<\/script/i);
    expect(body).toContain('import("/assets/entry.client-C.js");');
    const manifest = (text: string) => JSON.parse(/__reactRouterManifest = (\{.*?\});\s*window/s.exec(text)![1]!);
    expect(manifest(body)).toEqual(manifest(MODULE_BODY));
  });

  it("writes React Router's indented manifest compactly, and leaves anything it cannot parse alone", () => {
    const indented = `;\nimport * as route0 from "/a.js";\n  window.__reactRouterManifest = {\n  "entry": {\n    "module": "/e.js"\n  },\n  "x": "<\\/script>"\n};\n  window.__reactRouterRouteModules = {"root":route0};\nimport("/e.js");`;
    expect(compactManifest(indented)).toBe(
      `;\nimport * as route0 from "/a.js";\n  window.__reactRouterManifest = {"entry":{"module":"/e.js"},"x":"\\u003c/script>"};\n  window.__reactRouterRouteModules = {"root":route0};\nimport("/e.js");`,
    );
    const broken = indented.replace('"/e.js"\n', "/e.js\n");
    expect(compactManifest(broken)).toBe(broken);
  });

  it("leaves a document without the module script as it is", () => {
    expect(deferHydration("<html><body><p>no scripts</p></body></html>")).toBeNull();
  });

  it("streams: holds the text back until the module script has passed, splits inside Arabic letters safely", async () => {
    const bytes = Buffer.from(RENDERED, "utf8");
    // One-byte chunks split every multi-byte character and every tag.
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(deferHydrationStream())) out.push(Buffer.from(chunk));
    expect(Buffer.concat(out).toString("utf8")).toBe(deferHydration(RENDERED));
  });

  it("streams a document it does not recognise through unchanged", async () => {
    const html = "<html><body><p>لا شيء هنا</p></body></html>";
    const out: Buffer[] = [];
    for await (const chunk of Readable.from([Buffer.from(html)]).pipe(deferHydrationStream())) out.push(Buffer.from(chunk));
    expect(Buffer.concat(out).toString("utf8")).toBe(html);
  });
});

describe("paint-first opt-in and mismatches", () => {
  it("the deepest route that says decides; nothing said means off (the admin)", () => {
    expect(wantsPaintFirst([undefined, { paintFirst: true }, { other: 1 }])).toBe(true);
    expect(wantsPaintFirst([{ paintFirst: true }, { paintFirst: false }])).toBe(false);
    expect(wantsPaintFirst([undefined, { title: "admin" }])).toBe(false);
  });

  it("streams what comes before the first preload at once, not at the end", async () => {
    const head = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>طويل</title>`;
    const stream = deferHydrationStream();
    const seen: string[] = [];
    stream.on("data", (chunk: Buffer) => seen.push(chunk.toString("utf8")));
    stream.write(Buffer.from(head));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.join("")).toBe(head);
    stream.end();
  });

  it("a document whose module script no longer matches streams through byte for byte, logged once", async () => {
    const changed = RENDERED.replace('type="module" async=""', 'async="" type="module"');
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // A fresh module: "once" is per process.
    vi.resetModules();
    const fresh = await import("./paint-first.server");
    for (let round = 0; round < 2; round++) {
      const stream = fresh.deferHydrationStream();
      const seen: string[] = [];
      stream.on("data", (chunk: Buffer) => seen.push(chunk.toString("utf8")));
      const bytes = Buffer.from(changed, "utf8");
      for (let i = 0; i < bytes.length; i += 64) stream.write(bytes.subarray(i, i + 64));
      // Released at the end of the body, before the stream ends.
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen.join("")).toBe(changed);
      stream.end();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
