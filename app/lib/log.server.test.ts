import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { createLogger, requestContext, routeConsoleToLogger, scrub, type LoggerOptions } from "./log.server";

function capture(options: LoggerOptions = {}) {
  const lines: string[] = [];
  const logger = createLogger({ format: "json", ...options, write: (line) => lines.push(line) });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, records };
}

describe("structured logs", () => {
  it("writes the lines of one turn of the event loop to stdout together, in order, at the end of the turn", async () => {
    const logger = createLogger({ format: "json" });
    const writes: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => writes.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      logger.info("one");
      logger.warn("two", { n: 2 });
      logger.info("three");
      expect(writes).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      logger.info("four");
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.stdout.write = write;
    }
    expect(writes).toHaveLength(2);
    expect(writes[0]!.split("\n").filter(Boolean).map((line) => JSON.parse(line).msg)).toEqual(["one", "two", "three"]);
    expect(JSON.parse(writes[1]!).msg).toBe("four");
  });

  it("writes one JSON object per line with time, level, message and fields", () => {
    const { logger, lines, records } = capture({ base: { worker: 2 } });
    logger.info("request", { method: "GET", status: 200 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(lines[0]!.trim().includes("\n")).toBe(false);
    expect(records()[0]).toMatchObject({ level: "info", msg: "request", worker: 2, method: "GET", status: 200 });
    expect(Date.parse(String(records()[0]!.time))).not.toBeNaN();
  });

  it("filters by level, and silent writes nothing", () => {
    const { logger, records } = capture({ level: "warn" });
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(records().map((r) => r.level)).toEqual(["warn", "error"]);
    const silent = capture({ level: "silent" });
    silent.logger.fatal("nothing");
    expect(silent.lines).toEqual([]);
  });

  it("never writes secrets, tokens or passwords, by field name or by shape", () => {
    const { logger, lines } = capture();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLWhlcmU";
    logger.info(`login with ${jwt}`, {
      password: "hunter2-hunter2",
      refresh_token: "abc",
      headers: { authorization: "Bearer xyz", cookie: "access_token=1" },
      url: "postgres://app:s3cret-pass@db:5432/lunara",
      note: `Authorization: Bearer ${jwt}`,
    });
    const text = lines.join("");
    for (const secret of [jwt, "hunter2-hunter2", "s3cret-pass", "xyz", "access_token=1", '"abc"']) expect(text).not.toContain(secret);
    expect(text).toContain("postgres://app:***@db:5432/lunara");
    expect(scrub("token eyJaaaaaa.bbbbbbb.ccc end")).toBe("token [redacted-jwt] end");
  });

  it("never writes the token of an invitation or reset link, nor ?token=-style query values", () => {
    const { logger, lines } = capture();
    const token = "Qx3_vY9-kL2mN8pR4sT6uW1zA5bC7dE0fG2hJ4kM6nP";
    logger.info("request", { path: `/admin/invitation/${token}`, other: `/ADMIN/Invitation/${token}/` });
    logger.warn(`GET /reset-password/${token}?lng=ar failed; see https://example.com/x?a=1&token=${token}&mfa_token=${token}`);
    logger.info("request", { path: `/verify?code=ABCD-EFGH-JKLM&lng=ar` });
    const text = lines.join("");
    expect(text).not.toContain(token);
    expect(text).not.toContain("ABCD-EFGH-JKLM");
    expect(text).toContain('"path":"/admin/invitation/[redacted]"');
    expect(text).toContain("/reset-password/[redacted]?lng=ar");
    expect(text).toContain("&token=[redacted]&mfa_token=[redacted]");
    expect(text).toContain("/verify?code=[redacted]&lng=ar");
    // Paths without a secret stay as they are.
    expect(scrub("/admin/dashboard/batches/0b8f4c2e-1d3a-4e5f-9a7b-6c5d4e3f2a1b")).toBe("/admin/dashboard/batches/0b8f4c2e-1d3a-4e5f-9a7b-6c5d4e3f2a1b");
  });

  it("never writes the token of any tokened route: every route with a `:token` segment is covered (issue 42, N5)", () => {
    type Entry = { path?: string; children?: Entry[] };
    const paths: string[] = [];
    const walk = (entries: Entry[], base: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${base}/${entry.path}`.replace(/\/{2,}/g, "/") : base;
        if (entry.path) paths.push(path);
        walk(entry.children ?? [], path);
      }
    };
    walk(routes as Entry[], "");
    const tokened = paths.filter((path) => path.split("/").includes(":token"));
    // Invitations, password resets, sign-in links, and a registration's confirmation and unsubscribe links.
    expect(tokened.length).toBeGreaterThanOrEqual(5);
    const token = "Zq9_xW8-vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY";
    for (const path of tokened) {
      const url = path.replace(":token", token);
      for (const text of [url, `${url}?lng=ar`, `${url}.data`, `GET ${url} failed`]) expect(scrub(text), text).not.toContain(token);
    }
  });

  it("writes stacks only for errors at error level or when debugging", () => {
    const error = new Error("disk full");
    const info = capture();
    info.logger.warn("could not read", { err: error });
    expect(info.records()[0]!.err).toEqual({ type: "Error", message: "disk full" });
    info.logger.error("request failed", { err: error });
    expect((info.records()[1]!.err as { stack?: string }).stack).toContain("disk full");
    const debug = capture({ level: "debug" });
    debug.logger.warn("could not read", { err: error });
    expect((debug.records()[0]!.err as { stack?: string }).stack).toContain("log.server.test");
  });

  it("adds the request id of the request being served, also to console lines", async () => {
    const { logger, records } = capture();
    const saved = { log: console.log, error: console.error, warn: console.warn, info: console.info, debug: console.debug, trace: console.trace };
    routeConsoleToLogger(() => logger);
    try {
      await requestContext.run({ requestId: "req-42" }, async () => {
        await Promise.resolve();
        logger.info("inside");
        console.error("Verification failed:", new Error("database is locked"));
      });
      logger.info("outside");
    } finally {
      Object.assign(console, saved);
    }
    const [inside, consoleLine, outside] = records();
    expect(inside).toMatchObject({ msg: "inside", req_id: "req-42" });
    expect(consoleLine).toMatchObject({ level: "error", msg: "Verification failed:", req_id: "req-42", err: { type: "Error", message: "database is locked" } });
    expect(outside!.req_id).toBeUndefined();
  });

  it("pretty lines are one readable line plus the stack", () => {
    const { logger, lines } = capture({ format: "pretty" });
    logger.info("Listening on http://localhost:3000", { port: 3000, database: "SQLite ./data/app.db" });
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}Listening on http:\/\/localhost:3000 port=3000 database="SQLite .\/data\/app.db"\n$/);
    logger.error("failed", { err: new Error("boom") });
    expect(lines[1]!.split("\n")[1]).toBe("Error: boom");
  });
});
