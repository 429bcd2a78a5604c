import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { languages } from "../languages";
import { namespaces, resources } from "../resources";
import { LiteI18n } from "./i18next";

/**
 * The browser's small i18next (decision 134) must give exactly the text i18next gives on the
 * server, for every key of every dictionary in both languages, or hydration would differ.
 */
const real = createInstance({ resources, defaultNS: "common", fallbackLng: false, interpolation: { escapeValue: false }, initAsync: false });
void real.init();
const lite = new LiteI18n();
void lite.init({ lng: "en", defaultNS: "common", resources: {} });
for (const lng of languages) for (const ns of namespaces) lite.addResourceBundle(lng, ns, resources[lng][ns] as never, true, true);

/** Every key path of a dictionary: leaves and the objects and arrays above them. */
function paths(tree: unknown, prefix = ""): { key: string; value: unknown }[] {
  if (!tree || typeof tree !== "object") return [{ key: prefix, value: tree }];
  const own = prefix ? [{ key: prefix, value: tree }] : [];
  return [...own, ...Object.entries(tree).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k))];
}

/** Values for every `{{variable}}` a text (or the texts under it) uses, and a count. */
function optionsFor(value: unknown) {
  const names = new Set([...JSON.stringify(value).matchAll(/{{\s*([^{}]+?)\s*}}/g)].map((m) => m[1]!));
  return { ...Object.fromEntries([...names].map((n, i) => [n, `<${n} ${i}>`])), count: 3 };
}

describe("the browser's i18next gives the server's text", () => {
  for (const lng of languages) {
    for (const ns of namespaces) {
      it(`${lng} ${ns}: every key, with and without its variables`, () => {
        const expected = real.getFixedT(lng, ns);
        const actual = lite.getFixedT(lng, ns);
        let compared = 0;
        for (const { key, value } of paths(resources[lng][ns])) {
          const options = optionsFor(value);
          if (typeof value === "string") {
            expect(actual(key, options), `${lng}:${ns}:${key}`).toBe(expected(key as never, options as never));
            expect(actual(key), `${lng}:${ns}:${key} (no options)`).toBe(expected(key as never));
          } else {
            expect(actual(key, { ...options, returnObjects: true }), `${lng}:${ns}:${key} (object)`).toEqual(expected(key as never, { ...options, returnObjects: true } as never));
          }
          compared++;
        }
        expect(compared).toBeGreaterThan(3);
      });
    }
  }

  it("a missing key: its default value (interpolated), else the key", () => {
    for (const lng of languages) {
      const [a, e] = [lite.getFixedT(lng, "common"), real.getFixedT(lng, "common")];
      expect(a("no.such.key")).toBe(e("no.such.key" as never));
      expect(a("no.such.key", { defaultValue: "Page {{n}}", n: 2 })).toBe(e("no.such.key" as never, { defaultValue: "Page {{n}}", n: 2 } as never));
      expect(a("verify:hero.title")).toBe(e("verify:hero.title" as never));
    }
  });

  it("plural forms by count, in both languages (Arabic has six)", () => {
    let compared = 0;
    for (const lng of languages) {
      for (const ns of namespaces) {
        const bases = new Set(paths(resources[lng][ns]).flatMap(({ key }) => /^(.+)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? []));
        const [a, e] = [lite.getFixedT(lng, ns), real.getFixedT(lng, ns)];
        for (const key of bases) {
          for (const count of [0, 1, 2, 3, 7, 11, 25, 100, 101, 1.5]) {
            const options = { ...optionsFor(resources[lng][ns]), count };
            expect(a(key, options), `${lng}:${ns}:${key} count=${count}`).toBe(e(key as never, options as never));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("the dictionaries use nothing the small one lacks (context, nesting, formats, ordinals)", () => {
    const text = JSON.stringify(resources);
    expect(text).not.toMatch(/\$t\(|{{[^}]*,[^}]*}}/);
    const keys = languages.flatMap((lng) => namespaces.flatMap((ns) => paths(resources[lng][ns]).map((p) => p.key)));
    expect(keys.filter((k) => /_(male|female|ordinal)(_|$)/.test(k))).toEqual([]);
  });
});
