import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { configureLogger, routeConsoleToLogger } from "~/platform/lib/log.server";
import { handleServerError } from "./handle-error.server";

const original = { ...console };
afterEach(() => Object.assign(console, original));

function capture() {
  const lines: Record<string, unknown>[] = [];
  configureLogger({ format: "json", level: "info", write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  routeConsoleToLogger();
  return lines;
}

describe("handleError: what React Router reports while serving (issue 42, N11)", () => {
  it("logs a refusal the framework makes itself (a POST to a page without an action, 405) as one info line without a stack", () => {
    const lines = capture();
    const refusal = new ErrorResponse(405, "Method Not Allowed", new Error('You made a POST request to "/products" but did not provide an `action` for route "products"'), true);
    handleServerError(refusal, { request: new Request("http://localhost/products", { method: "POST" }) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", msg: "request refused", status: 405, method: "POST" });
    expect(JSON.stringify(lines[0])).not.toContain("stack");
    expect(String(lines[0]!.reason)).toContain("did not provide an `action`");
  });

  it("logs a real failure at error level with its stack, and nothing for an aborted request", () => {
    const lines = capture();
    handleServerError(new Error("the database went away"), { request: new Request("http://localhost/verify") });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "the database went away" });
    expect(JSON.stringify(lines[0])).toContain("stack");
    const controller = new AbortController();
    controller.abort();
    handleServerError(new Error("late"), { request: new Request("http://localhost/verify", { signal: controller.signal }) });
    expect(lines).toHaveLength(1);
  });
});
