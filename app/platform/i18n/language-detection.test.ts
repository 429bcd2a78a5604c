import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getInstance, getLocale, i18nextMiddleware, languageCookie, requestT } from "./i18n.server";

/** Runs the i18n middleware on a request the way React Router does, and returns what it decided. */
async function detect(path: string, headers: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  const request = new Request(`http://localhost${path}`, { headers });
  const args = { request, context, params: {}, unstable_pattern: "/" } as unknown as Parameters<typeof i18nextMiddleware>[0];
  await i18nextMiddleware(args, async () => new Response("ok"));
  return { language: getLocale(context), t: getInstance(context).t };
}

describe("language detection", () => {
  it("?lng=ar picks Arabic, and the server-side t() speaks it", async () => {
    const { language, t } = await detect("/?lng=ar");
    expect(language).toBe("ar");
    expect(t("nav.home")).toBe("الرئيسية");
  });

  it("?lng=en wins over an Arabic cookie and Accept-Language", async () => {
    const cookie = await languageCookie.serialize("ar");
    const { language } = await detect("/products?lng=en", { Cookie: cookie, "Accept-Language": "ar" });
    expect(language).toBe("en");
  });

  it("the lng cookie is used when there is no ?lng=", async () => {
    const cookie = await languageCookie.serialize("ar");
    const { language, t } = await detect("/verify", { Cookie: cookie, "Accept-Language": "en-US,en;q=0.9" });
    expect(language).toBe("ar");
    expect(t("nav.verify")).toBe("التحقّق من المنتج");
  });

  it("Accept-Language: ar picks Arabic when there is neither ?lng= nor a cookie", async () => {
    expect((await detect("/", { "Accept-Language": "ar" })).language).toBe("ar");
    expect((await detect("/", { "Accept-Language": "ar-EG,ar;q=0.9,en;q=0.5" })).language).toBe("ar");
  });

  it("falls back to English with nothing to go on", async () => {
    const { language, t } = await detect("/");
    expect(language).toBe("en");
    expect(t("nav.home")).toBe("Home");
  });

  it("falls back to English for unsupported languages, wherever they come from", async () => {
    expect((await detect("/?lng=fr")).language).toBe("en");
    expect((await detect("/", { Cookie: await languageCookie.serialize("de") })).language).toBe("en");
    expect((await detect("/", { "Accept-Language": "fr-FR,de;q=0.8" })).language).toBe("en");
  });

  it("an unsupported ?lng= does not hide a supported cookie", async () => {
    const cookie = await languageCookie.serialize("ar");
    expect((await detect("/?lng=xx", { Cookie: cookie })).language).toBe("ar");
  });
});

describe("one i18next made at start-up (decision 130)", () => {
  it("requests share one instance per language, and interleaved requests keep their own language", async () => {
    const contexts = await Promise.all(
      ["/?lng=ar", "/?lng=en", "/?lng=ar", "/?lng=en"].map(async (path) => {
        const context = new RouterContextProvider();
        const args = { request: new Request(`http://localhost${path}`), context, params: {}, unstable_pattern: "/" } as unknown as Parameters<typeof i18nextMiddleware>[0];
        await i18nextMiddleware(args, async () => new Response("ok"));
        return context;
      }),
    );
    const [ar1, en1, ar2, en2] = contexts.map((c) => getInstance(c!));
    expect(ar1).toBe(ar2);
    expect(en1).toBe(en2);
    expect(ar1).not.toBe(en1);
    expect([ar1!.language, en1!.language]).toEqual(["ar", "en"]);
    expect(ar1!.t("nav.home")).toBe("الرئيسية");
    expect(en1!.t("nav.home")).toBe("Home");
    expect(requestT(contexts[0]!, "verify")).toBe(requestT(contexts[2]!, "verify"));
    expect(requestT(contexts[1]!, "common")("nav.home")).toBe("Home");
  });
});
