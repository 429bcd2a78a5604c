import { readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/products";
import { gtinCheckDigit } from "~/platform/codes/digital-link";
import { ensureBuild, login, makePacks, startServer, tempDir, type StartedServer } from "../../bench/lib.mjs";
import { gs1Read } from "./labels";
import { recallParts } from "./recall-parts";

// GS1's conformance checks for a GS1-Conformant resolver (gs1/GS1DL-resolver-testsuite,
// `GS1DigitalLinkResolverTestSuite.js` and `Conformance1_2.txt`, release 1.2.0 of the standard), ported to
// our own test against the production build on a fresh database (decision 194). Each check keeps the
// suite's own id and statement; each runs against a GTIN-, a lot- and a serial-level URI, in English and
// Arabic (the request's Accept-Language). The suite's browser-only parts (its PHP helper, the HTML grid)
// are not ported: the requests are made here, with undici and node:http. GS1's two JSON schemas are kept
// in tests/unit/gs1/ and validated with ajv. bench/MEASURED.md says which checks pass, warn or do not apply.
//
// The server runs with SITE_URL https://lunara.test (no port: GS1's linkset schema refuses a port in a
// link type's IRI) and is reached on its loopback port: `local()` maps one to the other.

const SITE = "https://lunara.test";
const product = products[0]!;
const GTIN = `0${product.gtin}`;
const LOT = "CONF-LOT1";
const RECALLED_LOT = "CONF-RCL1";

let server: StartedServer;
const dirs: string[] = [];
let serialUri = "";

const local = (uri: string) => uri.replace(SITE, server.base);
const strip = (uri: string) => uri.split("?")[0]!;

type Answer = { status: number; headers: Headers; text: string };

/** One request as GS1's helper makes it: no redirect followed, an Origin, the language asked for. */
async function ask(uri: string, init: { method?: string; accept?: string; lang?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { Origin: "https://ref.gs1.org" };
  if (init.accept) headers.Accept = init.accept;
  if (init.lang) headers["Accept-Language"] = init.lang;
  const response = await fetch(local(uri), { method: init.method ?? "GET", headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(new URL(`./gs1/${name}`, import.meta.url), "utf8")));
const linksetSchema = schema("linkset-schema.json");
const descriptionSchema = schema("description-file-schema.json");

/** GS1's ratified link types, as GS1's own Digital Link library lists them (the suite reads ref.gs1.org/voc/data/linktypes). */
const require = createRequire(import.meta.url);
const ratified = new Set(Object.keys((require("digital-link.js/src/data/webVoc.js") as { webVoc: { linkType: Record<string, string> } }).webVoc.linkType));

type LinkObject = { href: string; title: string; hreflang?: string[]; type?: string; context?: unknown };
type Linkset = { linkset: ({ anchor: string; itemDescription: string } & Record<string, LinkObject[] | string>)[] };

/** The linkset with GS1's namespaces read as `gs1:`, as the suite does before its link checks. */
function curied(linkset: Linkset): Linkset {
  return JSON.parse(JSON.stringify(linkset).replace(/https:\/\/((ref|www)\.)?gs1\.org\/voc\//g, "gs1:")) as Linkset;
}

/** The link types of a URI and their links, walking up from its own anchor (the most granular level of a type wins). */
function walkUp(linkset: Linkset, uri: string): Map<string, LinkObject[]> {
  const found = new Map<string, LinkObject[]>();
  for (let current = strip(uri); current.split("/").length > 4; current = current.split("/").slice(0, -2).join("/")) {
    const entry = linkset.linkset.find((e) => e.anchor === current);
    if (!entry) continue;
    for (const [type, links] of Object.entries(entry)) {
      if (type !== "anchor" && type !== "itemDescription" && !found.has(type)) found.set(type, links as LinkObject[]);
    }
  }
  return found;
}

/** A redirect's target with its `linkType` parameter dropped (the suite's comparison). */
const withoutLinkType = (location: string | null) => (location ?? "").replace(/[?&]linkType=[^&]*/, "").replace(/\?$/, "");

/** The HTTP version the server answers with (node:http, as the suite's helper asks curl). */
function httpVersionOf(uri: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(local(uri), { method: "HEAD" }, (res) => {
      res.resume();
      resolve(res.httpVersion);
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  await ensureBuild();
  const dataDir = tempDir("vitest-gs1");
  dirs.push(dataDir);
  server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1", SITE_URL: SITE } });
  // A two-part run (its packs' serial-level URIs) and a recalled lot, through the API.
  const [pack] = await makePacks(server.base, product.id, { quantity: 1, lot: LOT });
  serialUri = `${SITE}${pack!.pathname}`;
  await makePacks(server.base, product.id, { quantity: 1, lot: RECALLED_LOT });
  const { access } = await login(server.base);
  const auth = { authorization: `Bearer ${access}`, "content-type": "application/json" };
  const runs = await (await fetch(`${server.base}/api/v1/batches/list/`, { headers: auth })).json();
  const recalled = runs.data.batches.find((b: { lot: string }) => b.lot === RECALLED_LOT);
  const body = { notice_en: "Stop using this lot.", notice_ar: "يُرجى التوقّف عن استخدام هذه الدفعة.", ...recallParts };
  const answer = await fetch(`${server.base}/api/v1/batches/${recalled.id}/recall/`, { method: "POST", headers: auth, body: JSON.stringify(body) });
  expect(answer.status).toBe(201);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const LEVELS = [
  ["GTIN", () => `${SITE}/01/${GTIN}`],
  ["lot", () => `${SITE}/01/${GTIN}/10/${LOT}`],
  ["serial", () => serialUri],
] as const;

describe("the resolver description file", () => {
  it("rdFile: SHALL provide a resolver description file at /.well-known/gs1resolver (valid against GS1's 1.2.0 schema)", async () => {
    const answer = await ask(`${SITE}/.well-known/gs1resolver`, { accept: "application/json" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const description = JSON.parse(answer.text);
    expect(descriptionSchema(description), JSON.stringify(descriptionSchema.errors)).toBe(true);
    expect(description).toMatchObject({
      resolverRoot: SITE,
      supportedPrimaryKeys: ["01"],
      linkTypeDefaultCanBeLinkset: true,
      supportedLinkType: [
        { namespace: "https://gs1.org/voc/", prefix: "gs1:" },
        { namespace: `${SITE}/voc/`, prefix: "lunara:" },
      ],
    });
    expect(description.name).toMatch(/resolver/);
    // Preflight answered (CORS) on the description file too.
    const preflight = await ask(`${SITE}/.well-known/gs1resolver`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });
});

for (const [level, uriOf] of LEVELS) {
  for (const lang of ["en", "ar"] as const) {
    describe(`${level}-level URI, ${lang}`, () => {
      const uri = () => uriOf();

      it("isURL, isHttps, plausibleDL, validDL: a valid HTTPS URL, plausibly and (by GS1's library) a GS1 Digital Link, GTIN as 14 digits", () => {
        const url = new URL(uri());
        expect(url.protocol).toBe("https:");
        expect(url.hostname).toContain(".");
        expect(url.pathname).toMatch(/^\/01\/\d{14}(\/(22|10|21)\/[^/]+)*$/);
        expect(gs1Read(uri())).toMatchObject({ valid: true, gtin: GTIN });
      });

      it("basicWalkUp: for each supported primary key, a resolver SHALL support all its key qualifiers (an unknown lot is not 404)", async () => {
        const answer = await ask(`${SITE}/01/${GTIN}/10/KL8G`, { lang });
        expect(answer.status).not.toBe(404);
        expect(answer.status).toBe(307);
      });

      it("httpVersion: SHALL support HTTP 1.1 (or higher)", async () => {
        expect(await httpVersionOf(uri())).toBe("1.1");
      });

      it("corsCheck, methodsCheck, linkOnRedirect, legacyLinkHeaders: CORS, GET/HEAD/OPTIONS declared, the linkset linked, no gs1: links in the header", async () => {
        const preflight = await ask(strip(uri()), { method: "OPTIONS", lang });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
        const methods = preflight.headers.get("access-control-allow-methods") ?? "";
        for (const method of ["GET", "HEAD", "OPTIONS"]) expect(methods).toContain(method);
        const link = preflight.headers.get("link") ?? "";
        expect(link).toContain(`<${strip(uri())}?linkType=linkset>`);
        expect(link).toContain('rel="linkset"');
        expect(link).not.toContain('rel="gs1:');
        // HEAD answers as GET does, without a body; the GET's answer links the linkset too.
        const [get, head] = [await ask(strip(uri()), { lang }), await ask(strip(uri()), { method: "HEAD", lang })];
        expect(head.status).toBe(get.status);
        expect(head.text).toBe("");
        expect(get.headers.get("link")).toContain('rel="linkset"');
        expect(get.headers.get("access-control-allow-origin")).toBe("*");
      });

      it("reportWith400, noErrorWith200: SHALL extract and syntactically validate the URI, report errors with 400, never a 200", async () => {
        const answer = await ask(`${strip(uri())}/foo`, { lang });
        expect(answer.status).toBe(400);
        expect(answer.text).toContain('data-testid="bad-link"');
        const data = await ask(`${strip(uri())}/foo`, { lang, accept: "application/json" });
        expect(data.status).toBe(400);
        expect(JSON.parse(data.text)).toMatchObject({ error: "invalid_digital_link", fault: "qualifier" });
      });

      it("trailingSlash: SHOULD tolerate trailing slashes (the same status and Location with and without)", async () => {
        const [without, withSlash] = [await ask(strip(uri()), { lang }), await ask(`${strip(uri())}/`, { lang })];
        expect(withSlash.status).toBe(without.status);
        expect(withSlash.headers.get("location")).toBe(without.headers.get("location"));
      });

      it(`qsPassedOn: by default, SHALL pass on all key=value pairs of the query when redirecting${level === "serial" ? " (does not apply: a serial's URI is its page, not redirected)" : ""}`, async () => {
        const answer = await ask(`${strip(uri())}?foo=bar`, { lang });
        if (level === "serial") {
          expect(answer.status).toBe(200);
          return;
        }
        expect(answer.status).toBe(307);
        expect(answer.headers.get("location")).toContain("foo=bar");
      });

      it("ltLinksetNoRedirect, ltAllNoRedirect, ltAcceptHeader: linkType=linkset, linkType=all and Accept: application/linkset+json return the linkset, no redirect", async () => {
        for (const [query, accept] of [["?linkType=linkset", undefined], ["?linkType=all", undefined], ["", "application/linkset+json"]] as const) {
          const answer = await ask(`${strip(uri())}${query}`, { lang, ...(accept ? { accept } : {}) });
          expect(answer.status, `${query} ${accept}`).toBe(200);
          expect(answer.headers.get("location")).toBeNull();
          expect(JSON.parse(answer.text).linkset[0].anchor).toBe(strip(uri()));
        }
      });

      describe("the linkset", () => {
        let answer: Answer;
        let linkset: Linkset;
        let types: Map<string, LinkObject[]>;
        beforeAll(async () => {
          answer = await ask(strip(uri()), { accept: "application/linkset+json", lang });
          linkset = JSON.parse(answer.text) as Linkset;
          types = walkUp(curied(linkset), uri());
        });

        it("validLinkset, declaredContentType, linksetJsonldCheck: valid against GS1's schema, served as application/linkset+json, its JSON-LD context linked", () => {
          expect(linksetSchema(linkset), JSON.stringify(linksetSchema.errors)).toBe(true);
          expect(answer.headers.get("content-type")).toMatch(/^application\/linkset\+json/);
          expect(answer.headers.get("link")).toContain('rel="http://www.w3.org/ns/json-ld#context"');
          expect(answer.headers.get("link")).toContain('type="application/ld+json"');
        });

        it("every link has its target, a title, and en and ar where both exist; the upper levels' links are included", () => {
          for (const [type, links] of types) {
            for (const link of links) {
              expect(link.href, type).toMatch(/^https:\/\/lunara\.test\//);
              expect(link.title.length, type).toBeGreaterThan(0);
            }
            if (type !== "gs1:defaultLink") expect(links.flatMap((l) => l.hreflang ?? []), type).toEqual(expect.arrayContaining(["en", "ar"]));
          }
          const expected = ["gs1:defaultLink", "gs1:pip", "gs1:instructions", "gs1:ingredientsInfo", "gs1:safetyInfo", "gs1:registerProduct", `${SITE}/voc/authenticityCheck`];
          expect([...types.keys()]).toEqual(expect.arrayContaining(level === "GTIN" ? expected : [...expected, "gs1:recallStatus"]));
          expect(linkset.linkset.map((entry) => entry.anchor)).toContain(`${SITE}/01/${GTIN}`);
        });

        it("defaultLinkExists, singleDefaulLink: exactly one default link, with a title and no other attribute", () => {
          const defaults = types.get("gs1:defaultLink")!;
          expect(defaults).toHaveLength(1);
          expect(Object.keys(defaults[0]!).sort()).toEqual(["href", "title"]);
        });

        it(`defaultTarget: SHALL redirect to the default link${level === "serial" ? " (a serial's default is its own page, served with no redirect)" : ""}`, async () => {
          const target = types.get("gs1:defaultLink")![0]!.href;
          const plain = await ask(strip(uri()), { lang });
          if (level === "serial") {
            expect(target).toBe(strip(uri()));
            expect(plain.status).toBe(200);
            expect(plain.headers.get("content-type")).toMatch(/^text\/html/);
            return;
          }
          expect(plain.status).toBe(307);
          expect(plain.headers.get("location")).toBe(target);
        });

        it("loFor<linkType>: if the requested type of link is available, the resolver SHALL redirect to it (by Accept and Accept-Language)", async () => {
          for (const [type, links] of types) {
            for (const link of links) {
              const chosen = !link.hreflang || link.hreflang.includes(lang) || links.length === 1;
              if (!chosen) continue;
              const answer = await ask(`${strip(uri())}?linkType=${encodeURIComponent(type)}`, { lang, accept: link.type ?? "*/*" });
              expect(answer.status, `${type} ${link.type}`).toBe(307);
              expect(withoutLinkType(answer.headers.get("location")), `${type} ${link.type}`).toBe(link.href);
            }
          }
        });

        it("linkTypesDefined: link types SHOULD be given as a URI defined in the GS1 Web vocabulary (every gs1: type is ratified)", () => {
          const gs1Types = [...types.keys()].filter((type) => type.startsWith("gs1:"));
          expect(gs1Types.filter((type) => !ratified.has(type.slice(4)))).toEqual([]);
        });

        it("GS1's own library (digital-link.js) parses every GS1 Digital Link URI the linkset holds", () => {
          const uris = new Set(linkset.linkset.flatMap((entry) => [entry.anchor, ...Object.values(entry).flatMap((v) => (Array.isArray(v) ? v.map((l) => l.href) : []))]));
          const digitalLinks = [...uris].filter((u) => /^https:\/\/lunara\.test\/01\//.test(u));
          expect(digitalLinks.length).toBeGreaterThan(0);
          for (const link of digitalLinks) expect(gs1Read(link).valid, link).toBe(true);
        });
      });

      it("specificLinkTypeNotFound: if the requested type of link is not available, the resolver SHALL return 404", async () => {
        expect((await ask(`${strip(uri())}?linkType=gs1:nosuchlt`, { lang })).status).toBe(404);
        expect((await ask(`${strip(uri())}?linkType=gs1:nutritionalInfo`, { lang })).status).toBe(404);
      });
    });
  }
}

describe("our own checks beside the suite's", () => {
  it("the grammar: a wrong check digit, qualifiers out of order, a serial over 20 characters or outside GS1's set, an unknown key: 400", async () => {
    const bad = `${GTIN.slice(0, 13)}${(gtinCheckDigit(GTIN.slice(0, 13)) + 1) % 10}`;
    for (const path of [`/01/${bad}`, `/01/${GTIN}/21/S1/10/${LOT}`, `/01/${GTIN}/10/${LOT}/21/${"S".repeat(21)}`, `/01/${GTIN}/21/A%20B`, `/01/${GTIN}/17/281231`, `/99/123`, `/01/${GTIN}?17=281332`]) {
      expect((await ask(`${SITE}${path}`)).status, path).toBe(400);
    }
    // A valid Digital Link of another key: not ours, 404; a GTIN of no product of ours: 404.
    expect((await ask(`${SITE}/414/9520123456788`)).status).toBe(404);
    const unknown = `0952654399999${gtinCheckDigit("0952654399999")}`;
    expect((await ask(`${SITE}/01/${unknown}`)).status).toBe(404);
    expect((await ask(`${SITE}/01/${unknown}?linkType=linkset`)).status).toBe(404);
  });

  it("a recalled lot: its default link is its recall notice; its recall status as data, any origin may read it", async () => {
    const lotUri = `${SITE}/01/${GTIN}/10/${RECALLED_LOT}`;
    const plain = await ask(lotUri);
    expect(plain.status).toBe(307);
    expect(plain.headers.get("location")).toBe(`${SITE}/recalls/01/${GTIN}/10/${RECALLED_LOT}`);
    const data = await ask(`${lotUri}?linkType=gs1:recallStatus`, { accept: "application/json" });
    expect(data.status).toBe(307);
    const status = await ask(data.headers.get("location")!, { accept: "application/json" });
    expect(status.headers.get("access-control-allow-origin")).toBe("*");
    expect(JSON.parse(status.text)).toEqual({
      gtin: GTIN,
      lot: RECALLED_LOT,
      recalled: true,
      since: new Date().toISOString().slice(0, 10),
      notice: { en: "Stop using this lot.", ar: "يُرجى التوقّف عن استخدام هذه الدفعة." },
      hazard: { en: recallParts.hazard_en, ar: recallParts.hazard_ar },
      remedy: { en: recallParts.remedy_en, ar: recallParts.remedy_ar },
    });
    const clear = await ask(`${SITE}/recalls/01/${GTIN}/10/${LOT}?format=json`);
    expect(JSON.parse(clear.text)).toMatchObject({ recalled: false, since: null, hazard: null });
    expect((await ask(`${SITE}/recalls/01/${GTIN}/10/${LOT}`, { method: "OPTIONS" })).headers.get("access-control-allow-origin")).toBe("*");
  });

  it("an unknown serial (a label we never made): the warning page, its product's links offered one level up, as the linkset offers them", async () => {
    const unknown = `${SITE}/01/${GTIN}/10/${LOT}/21/ZZZZZZZZZZZ`;
    for (const lang of ["en", "ar"] as const) {
      const page = await ask(`${unknown}?lng=${lang}`, { lang });
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-state="unknown"');
      expect(page.text).toContain('data-testid="pack-named"');
      expect(page.text).toContain(`href="/product/${product.id}?lng=${lang}"`);
    }
    const linkset = JSON.parse((await ask(unknown, { accept: "application/linkset+json" })).text) as Linkset;
    expect(walkUp(curied(linkset), unknown).get("gs1:pip")!.map((link) => link.href)).toContain(`${SITE}/product/${product.id}?lng=ar`);
  });

  it("a link type asked for by its full IRI (at GS1's other address) redirects as its CURIE does", async () => {
    const viaIri = await ask(`${SITE}/01/${GTIN}?linkType=${encodeURIComponent("https://ref.gs1.org/voc/pip")}`, { lang: "ar" });
    expect(viaIri.headers.get("location")).toBe(`${SITE}/product/${product.id}?lng=ar`);
  });

  it("the product and pack pages' JSON-LD: Product and IndividualProduct, whose Digital Links GS1's library parses", async () => {
    const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!);
    const productPage = jsonLdOf((await ask(`${SITE}/product/${product.id}?lng=ar`)).text);
    expect(productPage).toMatchObject({ "@type": "Product", name: product.nameAr, gtin: GTIN, hasGS1DigitalLink: `${SITE}/01/${GTIN}` });
    expect(gs1Read(productPage.hasGS1DigitalLink).valid).toBe(true);
    const pack = jsonLdOf((await ask(serialUri)).text);
    expect(pack).toMatchObject({ "@type": "IndividualProduct", serialNumber: serialUri.split("/21/")[1]!.split("?")[0], "gs1:hasBatchLotNumber": LOT, gtin: GTIN });
    expect(gs1Read(pack.hasGS1DigitalLink)).toMatchObject({ valid: true, lot: LOT });
  });
});
