import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Where the characters of `text` are drawn inside `scope`: the first, the one after the first dash
 * (or the middle one) and the last, with whether they share a line. A code that reads left to right
 * has them in that order from left to right, whatever the page's direction.
 */
async function drawnPositions(scope: Locator, text: string) {
  return scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    let all = "";
    while (walker.nextNode()) {
      nodes.push(walker.currentNode as Text);
      all += walker.currentNode.textContent ?? "";
    }
    const at = all.indexOf(wanted);
    if (at < 0) return null;
    const rectOf = (index: number) => {
      let offset = index;
      for (const node of nodes) {
        const length = node.textContent?.length ?? 0;
        if (offset < length) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          return range.getBoundingClientRect();
        }
        offset -= length;
      }
      throw new Error("index past the text");
    };
    const dash = wanted.indexOf("-");
    const first = rectOf(at);
    const middle = rectOf(at + (dash > 0 ? dash + 1 : Math.floor(wanted.length / 2)));
    const last = rectOf(at + wanted.length - 1);
    return { first: first.left, middle: middle.left, last: last.left, oneLine: Math.abs(first.top - last.top) < 2 };
  }, text);
}

/** `text` (a code such as "3769-M7B9") is drawn inside `scope` left to right, on one line. */
export async function expectDrawnLeftToRight(scope: Locator, text: string) {
  await expect(scope).toContainText(text);
  const at = await drawnPositions(scope, text);
  expect(at, `"${text}" in ${scope}`).not.toBeNull();
  expect(at!.oneLine, `"${text}" on one line`).toBe(true);
  expect(at!.first, `"${text}": its start is drawn left of its middle`).toBeLessThan(at!.middle);
  expect(at!.middle, `"${text}": its middle is drawn left of its end`).toBeLessThan(at!.last);
}

/** Two boxes overlap. */
export function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The element that has the focus, described (tag, test id, id), or "body" when nothing has it. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}${el.id ? `#${el.id}` : ""}`;
  });
}

/** Elements whose own text is Arabic and that are spaced apart (letter-spacing other than normal/0). */
export async function spacedArabic(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? "").join("");
      if (!/[\u0600-\u06FF]/.test(own)) continue;
      const spacing = getComputedStyle(el).letterSpacing;
      if (spacing !== "normal" && parseFloat(spacing) !== 0) found.push(`${el.tagName.toLowerCase()} "${own.trim().slice(0, 30)}": ${spacing}`);
    }
    return found;
  });
}
