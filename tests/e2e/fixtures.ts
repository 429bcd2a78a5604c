import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

export type Lang = "en" | "ar";

/** Opens a path in a language (sets the language through the same ?lng= the EN/AR toggle uses). */
export async function openIn(page: Page, path: string, lang: Lang) {
  const url = new URL(path, "http://placeholder");
  url.searchParams.set("lng", lang);
  const response = await page.goto(`${url.pathname}${url.search}`);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
  return response;
}

/**
 * Fails with the list of axe violations (WCAG 2.1 A/AA) on the current page.
 *
 * Legacy mode runs axe in the page itself; the default opens a blank page per audit to merge the
 * frames' results (a renderer process each time, over half of an audit's time here), and our pages
 * have no frames to merge.
 */
export async function expectNoAxeViolations(page: Page, { exclude }: { exclude?: string } = {}) {
  // axe runs asynchronously inside the page, which never finishes where JavaScript is off: there, audit
  // the same DOM (scripts removed) in a scratch page that may run axe.
  const target = (await scriptsRun(page)) ? page : await noScriptCopy(page);
  // A button that was disabled while its form was sent fades back from 60 % opacity (a CSS transition):
  // audited mid-fade, its colours are not the ones anyone reads. Let running transitions end first.
  if (target === page) await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
  // `exclude`: markup that is not ours (a third party's widget, its reasons in a decision).
  const builder = new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode(true);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Whether the page runs scripts: its context's setting where the fixtures made it, else a timer probe. */
async function scriptsRun(page: Page): Promise<boolean> {
  const known = contextScripts.get(page.context());
  if (known !== undefined) return known;
  const timer = page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)));
  return Promise.race([timer, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))]);
}

const contextScripts = new WeakMap<BrowserContext, boolean>();
/** Notes a context's JavaScript setting (contexts a spec opens itself fall back to the probe). */
export function noteScripts(context: BrowserContext, enabled: boolean) {
  contextScripts.set(context, enabled);
}

/**
 * One scratch page per browser, with JavaScript on, that serves whatever DOM it is given at the
 * audited page's URL (its styles and fonts load from the server, and stay cached between audits).
 */
const scratchPages = new WeakMap<Browser, Promise<{ page: Page; documents: Map<string, string> }>>();
function scratchPage(browser: Browser) {
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const documents = new Map<string, string>();
      await context.route(
        (url) => documents.has(url.href),
        (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: documents.get(route.request().url()) }),
      );
      return { page: await context.newPage(), documents };
    })();
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

/**
 * The page's current DOM, without scripts, at the same URL and viewport, in a page with JavaScript on.
 * The module preloads go too: the copy would fetch and compile every one of the page's scripts (forty
 * on an admin screen) for nothing, as no script runs there; axe does not look at them.
 */
async function noScriptCopy(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
  const { page: copy, documents } = await scratchPage(page.context().browser()!);
  const url = page.url();
  documents.clear();
  documents.set(url.replace(/#.*$/, ""), html);
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  await copy.goto(url);
  return copy;
}

/** The fraud-warning notice every public page opens on load and on each route change. */
export function fraudNotice(page: Page) {
  return page.getByTestId("fraud-notice");
}

/** Closes the open fraud notice with its own button, as a visitor does (specs that opt out of auto-closing). */
export async function closeFraudNotice(page: Page) {
  const notice = fraudNotice(page);
  await expect(notice).toBeVisible();
  await notice.getByTestId("fraud-notice-close").click();
  await expect(notice).toBeHidden();
}

/**
 * Follows a page across client navigations: the errors it throws, and whether the window marked by
 * `mark()` is still there (a client navigation keeps it; a document load replaces it).
 */
export function clientSession(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  type Marked = { clientSessionMark?: true };
  return {
    errors,
    mark: () => page.evaluate(() => ((window as Marked).clientSessionMark = true)),
    sameWindow: () => page.evaluate(() => (window as Marked).clientSessionMark === true),
  };
}

type Fixtures = {
  jsEnabled: boolean;
  /**
   * "dismiss" (default): whenever the fraud notice shows, the next action or assertion first presses
   * its button, as every visitor must. "keep": the spec handles the notice itself (specs about it).
   */
  fraudNoticeMode: "dismiss" | "keep";
  /** With JavaScript, `goto` and `reload` wait until the page has hydrated (off for specs that block the scripts). */
  waitForHydration: boolean;
};

/**
 * With JavaScript, the scripts load after the page has been painted, and until they have run the page
 * is the server's HTML (every form still works, as without JavaScript). A spec about the enhanced page
 * must not race that: `goto` and `reload` resolve once a page of ours has hydrated (`<html
 * data-hydrated>`, set by the root layout).
 */
function waitForHydrationOnLoad(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      if (response?.headers()["content-type"]?.startsWith("text/html")) {
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 15_000 });
      }
      return response;
    };
  }
}

export const test = base.extend<Fixtures>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  fraudNoticeMode: ["dismiss", { option: true }],
  waitForHydration: [true, { option: true }],
  page: async ({ page, fraudNoticeMode, jsEnabled, waitForHydration }, use) => {
    noteScripts(page.context(), jsEnabled);
    if (fraudNoticeMode === "dismiss") {
      await page.addLocatorHandler(fraudNotice(page), async (notice) => {
        await notice.getByTestId("fraud-notice-close").click();
      });
    }
    if (jsEnabled && waitForHydration) waitForHydrationOnLoad(page);
    await use(page);
  },
});

export { expect };

/**
 * The long admin journeys run in three of the four pairs of language and JavaScript: English and
 * Arabic with JavaScript, Arabic without (decision 200). Without JavaScript both languages post the
 * same server's forms; Arabic, right to left with isolated codes, is the one kept. Shoppers' journeys
 * keep all four. Called first in a test's body.
 */
export function skipEnglishWithoutJs(lang: Lang) {
  test.skip(lang === "en" && test.info().project.use.javaScriptEnabled === false, "admin journeys without JavaScript run in Arabic (decision 200)");
}
