import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loadContext, renderedOnly, renderedOnlyFor } from "./rendered-only.server";

describe("renderedOnly (decision 140)", () => {
  it("keeps the content for the server render of a document and sends null", () => {
    const context = loadContext({ document: true });
    const content = { cards: ["face", "body"] };
    expect(renderedOnly(context, "home", content)).toBeNull();
    expect(renderedOnly(context, "layout", 3)).toBeNull();
    expect(renderedOnlyFor(context)?.get("home")).toBe(content);
    expect(renderedOnlyFor(context)?.get("layout")).toBe(3);
  });

  it("sends the content itself on a data request, and keeps nothing", () => {
    const context = loadContext({ document: false });
    expect(renderedOnly(context, "home", { cards: [] })).toEqual({ cards: [] });
    expect(renderedOnlyFor(context)).toBeNull();
  });

  it("sends the content where nobody marked the request (tests, the development server)", () => {
    const context = new RouterContextProvider();
    expect(renderedOnly(context, "home", "content")).toBe("content");
    expect(renderedOnlyFor(context)).toBeNull();
  });

  it("keeps each request's content apart", () => {
    const first = loadContext({ document: true });
    const second = loadContext({ document: true });
    renderedOnly(first, "home", "en");
    renderedOnly(second, "home", "ar");
    expect(renderedOnlyFor(first)?.get("home")).toBe("en");
    expect(renderedOnlyFor(second)?.get("home")).toBe("ar");
  });
});
