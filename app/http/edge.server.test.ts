import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/log.server";
import { parseTrustProxy } from "~/lib/trust-proxy";
import {
  accessLog,
  BODY_LIMITS,
  bodyLimit,
  clientKey,
  connectionCap,
  healthChecks,
  limitedBody,
  methodAndPathGuard,
  requestIdentity,
  securityHeaders,
  serverTimeouts,
  takesMultipart,
  trustFunction,
  type Readiness,
} from "./edge.server";

// The edge in a real HTTP server on a loopback port, driven by raw HTTP requests (so chunked
// bodies, odd methods and malformed paths arrive exactly as sent).

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

const servers: { close(): void }[] = [];
afterEach(() => {
  while (servers.length) servers.pop()!.close();
});

/** An app: the edge, then a handler that reads the (capped) body and echoes what it saw. */
async function start(options: { trust?: string; readiness?: () => Promise<Readiness>; draining?: () => boolean; logLines?: string[] } = {}) {
  const trust = trustFunction(parseTrustProxy(options.trust));
  const app = express();
  app.set("trust proxy", trust);
  app.use(securityHeaders({ hsts: false }));
  app.use(healthChecks({ readiness: options.readiness ?? (async () => ({ ready: true })), draining: options.draining ?? (() => false), timeoutMs: 300 }));
  app.use(requestIdentity(trust));
  if (options.logLines) {
    const logger = createLogger({ format: "json", write: (line) => void options.logLines!.push(line) });
    app.use(accessLog(() => logger, (key) => `tag-${key.length}`));
  }
  app.use(methodAndPathGuard());
  app.use(bodyLimit());
  const seen: { bytes: number; error?: string; counted: boolean }[] = [];
  app.all("*", async (req, res) => {
    let bytes = 0;
    let error: string | undefined;
    // As server.js reads it: the counting stream when the edge made one, else the request itself.
    const counter = limitedBody(req);
    try {
      for await (const chunk of counter ?? req) bytes += (chunk as Buffer).length;
    } catch (e) {
      error = (e as Error).name;
    }
    seen.push({ bytes, error, counted: counter !== undefined });
    if (!res.headersSent) res.json({ bytes, client: req.headers["x-client-address"], requestId: req.headers["x-request-id"] });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  return { port, seen };
}

function send(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: Buffer | string; chunks?: Buffer[] }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path ?? "/", headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (options.chunks) {
      // Chunked: no Content-Length; stop writing once the server answered.
      let i = 0;
      const next = () => {
        if (i >= options.chunks!.length || req.destroyed) return void req.end();
        const ok = req.write(options.chunks![i++]!);
        if (ok) setImmediate(next);
        else req.once("drain", next);
      };
      next();
    } else {
      req.end(options.body);
    }
  });
}

describe("security headers", () => {
  it("are on every answer: JSON, refusals and health checks", async () => {
    const { port } = await start();
    for (const answer of [await send(port, {}), await send(port, { method: "OPTIONS" }), await send(port, { path: "/healthz" })]) {
      expect(answer.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(answer.headers["content-security-policy"]).toBe("frame-ancestors 'none'");
      expect(answer.headers["permissions-policy"]).toContain("camera=()");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

describe("methods and paths the app never serves", () => {
  it("answers OPTIONS, TRACE and unknown methods 405 with Allow", async () => {
    const { port, seen } = await start();
    for (const method of ["OPTIONS", "TRACE", "PROPFIND"]) {
      const answer = await send(port, { method, path: "/" });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
    }
    const api = await send(port, { method: "OPTIONS", path: "/api/v1/codes/" });
    expect(api.status).toBe(405);
    expect(api.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    expect(JSON.parse(api.body)).toMatchObject({ status_code: 6001, error: "method_not_allowed", data: null });
    expect(seen).toHaveLength(0);
  });

  it("answers malformed and overlong paths 400/414, in the visitor's language", async () => {
    const { port, seen } = await start();
    expect((await send(port, { path: "/foo%0abar" })).status).toBe(400);
    expect((await send(port, { path: "/foo%00" })).status).toBe(400);
    expect((await send(port, { path: "/bad%zzpercent" })).status).toBe(400);
    expect((await send(port, { path: "/a%5Cb" })).status).toBe(400);
    expect((await send(port, { path: `/${"a".repeat(1100)}` })).status).toBe(414);
    expect((await send(port, { path: `/?q=${"a".repeat(5000)}` })).status).toBe(414);
    const arabic = await send(port, { path: "/foo%0abar", headers: { cookie: "lng=ar" } });
    expect(arabic.body).toBe("تعذّرت قراءة هذا العنوان.");
    expect(seen).toHaveLength(0);
    expect((await send(port, { path: "/products?category=face%20care" })).status).toBe(200);
  });
});

describe("request bodies", () => {
  it("refuse a declared length over the cap without reading it", async () => {
    const { port, seen } = await start();
    const answer = await send(port, {
      method: "POST",
      path: "/verify",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(100 * 1024 * 1024) },
      body: "code=",
    }).catch((error) => ({ status: -1, headers: {}, body: String(error) }) as Answer);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(seen).toHaveLength(0);
  });

  it("let a client finish sending a refused body of a few megabytes, so that it reads the refusal", async () => {
    const { port, seen } = await start();
    // fetch writes the whole body before it reads: a connection closed under it would be a reset.
    const form = await fetch(`http://127.0.0.1:${port}/verify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `code=${"A".repeat(1024 * 1024)}`,
    });
    expect(form.status).toBe(413);
    expect(form.headers.get("connection")).not.toBe("close");
    const multipart = await fetch(`http://127.0.0.1:${port}/contact`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: Buffer.alloc(5 * 1024 * 1024, "a"),
    });
    expect(multipart.status).toBe(415);
    expect(seen).toHaveLength(0);
  });

  it("read a refused body to its end before answering, so that a client that asked to close reads the refusal", async () => {
    const { port, seen } = await start();
    // Connection: close makes Node close the socket after the answer; written as fast as it drains.
    const body = Buffer.from(`--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n`.repeat(50_000) + "--x--\r\n");
    const pieces = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
    for (const path of ["/contact", "/verify"]) {
      const answer = await new Promise<number>((resolve, reject) => {
        const headers = { "content-type": "multipart/form-data; boundary=x", "content-length": String(body.length), connection: "close" };
        const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path, agent: false, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        let i = 0;
        const next = () => {
          while (i < pieces.length) if (!req.write(pieces[i++]!)) return void req.once("drain", next);
          req.end();
        };
        next();
      });
      expect(answer).toBe(415);
    }
    expect(seen).toHaveLength(0);
  });

  it("refuse a chunked body the moment it passes the cap, and the framework's read fails", async () => {
    const { port, seen } = await start();
    const chunk = Buffer.alloc(16 * 1024, "a");
    const answer = await send(port, {
      method: "POST",
      path: "/api/v1/codes/verify/",
      headers: { "content-type": "application/json" },
      chunks: Array.from({ length: 640 }, () => chunk), // 10 MB offered
    }).catch(() => ({ status: -1, headers: {}, body: "" }) as Answer);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "payload_too_large" });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.error).toBe("BodyTooLargeError");
    expect(seen[0]!.bytes).toBeLessThanOrEqual(BODY_LIMITS.form);
  });

  it("hand the framework no more of a body than its declared length, however much the client sends", async () => {
    const { port, seen } = await start();
    // 10 bytes declared, 70 KB sent: the rest is not this request's body (Node reads it as the next request).
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(`POST /api/v1/codes/verify/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${"a".repeat(10)}`);
        setTimeout(() => socket.end(Buffer.alloc(70 * 1024, "a")), 100);
      });
      let text = "";
      socket.on("data", (c) => (text += c));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(raw).toContain("HTTP/1.1 400 Bad Request");
    expect(seen).toEqual([{ bytes: 10, counted: false }]);
  });

  it("pass bodies within the cap: 64 KB for forms and JSON, 6 MB for multipart where a file is taken", async () => {
    const { port, seen } = await start();
    const form = await send(port, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a".repeat(BODY_LIMITS.form) });
    expect(JSON.parse(form.body).bytes).toBe(BODY_LIMITS.form);
    const chunked = await send(port, { method: "POST", headers: { "content-type": "application/json" }, chunks: [Buffer.alloc(30_000), Buffer.alloc(30_000)] });
    expect(JSON.parse(chunked.body).bytes).toBe(60_000);
    // A declared length is Node's to hold the body to; only a chunked body is counted on its way.
    expect(seen.map((s) => s.counted)).toEqual([false, true]);
    const multipart = await send(port, {
      method: "POST",
      path: "/verify/result/AAAAAAAAAAAAAAAAAAAAAA/report",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      chunks: Array.from({ length: 5 }, () => Buffer.alloc(1024 * 1024)),
    });
    expect(JSON.parse(multipart.body).bytes).toBe(5 * 1024 * 1024);
    const tooBig = await send(port, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a".repeat(BODY_LIMITS.form + 1) });
    expect(tooBig.status).toBe(413);
  });
});

describe("multipart bodies", () => {
  it("are taken only by the routes that take a file (the report's page, its .data request, its API) and the one-click unsubscribe", () => {
    for (const path of ["/verify/result/AbC_d-12/report", "/verify/result/AbC_d-12/report.data", "/api/v1/reports/create/", "/api/v1/reports/create", "/registrations/unsubscribe/AbC_d-12"]) {
      expect(takesMultipart(path), path).toBe(true);
    }
    for (const path of ["/contact", "/verify", "/verify/result/x", "/verify/result/x/report/extra", "/admin/dashboard/reports/x", "/api/v1/general/contact/create/", "/api/v1/reports/create/x", "/registrations/unsubscribe/x/y", "/registrations/confirm/x"]) {
      expect(takesMultipart(path), path).toBe(false);
    }
  });

  it("a mail client's multipart one-click unsubscribe passes, capped like a form", async () => {
    const { port } = await start();
    const oneClick = '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n';
    const headers = { "content-type": "multipart/form-data; boundary=x" };
    const passed = await send(port, { method: "POST", path: "/registrations/unsubscribe/AbC_d-12", headers, body: oneClick });
    expect(JSON.parse(passed.body).bytes).toBe(Buffer.byteLength(oneClick));
    const tooBig = await send(port, { method: "POST", path: "/registrations/unsubscribe/AbC_d-12", headers, body: "a".repeat(BODY_LIMITS.form + 1) });
    expect(tooBig.status).toBe(413);
  });

  it("are refused 415 unread anywhere else, in the visitor's language (the envelope under /api/)", async () => {
    const { port, seen } = await start();
    const parts = Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n'.repeat(1000) + "--x--\r\n");
    const page = await send(port, { method: "POST", path: "/contact", headers: { "content-type": "multipart/form-data; boundary=x", cookie: "lng=ar" }, body: parts });
    expect(page.status).toBe(415);
    expect(page.body).toBe("لا يقبل هذا العنوان الملفات ولا هذا النوع من المحتوى.");
    const api = await send(port, { method: "POST", path: "/api/v1/general/contact/create/", headers: { "content-type": "multipart/form-data; boundary=x" }, body: parts });
    expect(api.status).toBe(415);
    expect(JSON.parse(api.body)).toMatchObject({ status_code: 6001, error: "unsupported_media_type" });
    expect(seen).toHaveLength(0);
  });
});

describe("client address and request id", () => {
  it("without a proxy: the socket's peer, X-Forwarded-For and X-Request-Id ignored", async () => {
    const { port } = await start();
    const answer = JSON.parse((await send(port, { headers: { "x-forwarded-for": "203.0.113.9", "x-request-id": "chosen-by-client", "x-client-address": "1.1.1.1" } })).body);
    expect(answer.client).toBe("127.0.0.1");
    expect(answer.requestId).not.toBe("chosen-by-client");
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("one trusted hop: the address the proxy appended, not the one the client wrote first", async () => {
    const { port } = await start({ trust: "1" });
    const answer = await send(port, { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-request-id": "lb-1234" } });
    expect(JSON.parse(answer.body).client).toBe("198.51.100.7");
    expect(answer.headers["x-request-id"]).toBe("lb-1234");
  });

  it("a proxy list: only hops from listed addresses are believed", async () => {
    const trusted = await start({ trust: "127.0.0.0/8" });
    expect(JSON.parse((await send(trusted.port, { headers: { "x-forwarded-for": "198.51.100.7" } })).body).client).toBe("198.51.100.7");
    const other = await start({ trust: "10.0.0.0/8" });
    const answer = await send(other.port, { headers: { "x-forwarded-for": "198.51.100.7", "x-request-id": "from-client" } });
    expect(JSON.parse(answer.body).client).toBe("127.0.0.1");
    expect(answer.headers["x-request-id"]).not.toBe("from-client");
  });

  it("IPv6 clients are one /64; IPv4-mapped addresses are IPv4", async () => {
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("not an address")).toBe("unknown");
    const { port } = await start({ trust: "1" });
    const a = JSON.parse((await send(port, { headers: { "x-forwarded-for": "2001:db8:1:2::1" } })).body).client;
    const b = JSON.parse((await send(port, { headers: { "x-forwarded-for": "2001:db8:1:2:ffff::9" } })).body).client;
    expect(a).toBe(b);
  });
});

describe("the access log", () => {
  it("holds no invitation or reset token and no query: the secret segment is redacted, the rest kept", async () => {
    const lines: string[] = [];
    const { port } = await start({ logLines: lines });
    const token = "Qx3_vY9-kL2mN8pR4sT6uW1zA5bC7dE0fG2hJ4kM6nP";
    const paths = [`/admin/invitation/${token}`, `/Admin/Invitation/${token}?lng=ar`, `/admin/invitation/${token}/`, `/reset-password/${token}`, `/verify?token=${token}&code=SECRET-CODE-1`];
    for (const path of paths) await send(port, { path });
    await new Promise((r) => setTimeout(r, 50));
    const text = lines.join("");
    expect(lines).toHaveLength(paths.length);
    expect(text).not.toContain(token);
    expect(text).not.toContain("SECRET-CODE-1");
    expect(lines.map((l) => JSON.parse(l).path)).toEqual(["/admin/invitation/[redacted]", "/Admin/Invitation/[redacted]", "/admin/invitation/[redacted]/", "/reset-password/[redacted]", "/verify"]);
  });
});

describe("health checks", () => {
  it("/healthz answers while the database does not; /readyz says why it is not ready", async () => {
    let state: Readiness = { ready: true };
    let draining = false;
    const { port, seen } = await start({ readiness: async () => state, draining: () => draining });
    expect(await send(port, { path: "/healthz" })).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    expect(await send(port, { path: "/readyz" })).toMatchObject({ status: 200, body: '{"status":"ready"}' });
    state = { ready: false, reason: "database" };
    expect(await send(port, { path: "/readyz" })).toMatchObject({ status: 503, body: '{"status":"unavailable","reason":"database"}' });
    expect((await send(port, { path: "/healthz" })).status).toBe(200);
    state = { ready: true };
    draining = true;
    expect(await send(port, { path: "/readyz" })).toMatchObject({ status: 503, body: '{"status":"unavailable","reason":"shutting_down"}' });
    expect((await send(port, { path: "/healthz", method: "POST" })).status).toBe(405);
    expect(seen).toHaveLength(0);
  });

  it("/readyz answers 503 when the database hangs", async () => {
    const { port } = await start({ readiness: () => new Promise(() => {}) });
    expect(await send(port, { path: "/readyz" })).toMatchObject({ status: 503, body: '{"status":"unavailable","reason":"timeout"}' });
  });
});

describe("the server's time limits and per-client connection cap (issue 42, N9)", () => {
  async function limitedServer(requestTimeoutSeconds: number, max: number) {
    const server = createServer(serverTimeouts(requestTimeoutSeconds), (req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    server.on("connection", connectionCap({ max, trust: trustFunction(parseTrustProxy("false")), headers: [["X-Content-Type-Options", "nosniff"]] }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  /** Opens a raw connection, writes `head`, then what `trickle` gives every `everyMs`; resolves with what came back and when the server closed it. */
  function rawClient(port: number, head: string, trickle?: { everyMs: number; bytes: number }) {
    return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const started = Date.now();
      let answer = "";
      let timer: NodeJS.Timeout | undefined;
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(head);
        if (trickle) {
          let sent = 0;
          timer = setInterval(() => {
            if (sent++ < trickle.bytes && socket.writable) socket.write("a");
          }, trickle.everyMs);
        }
      });
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
    });
  }

  it("a body that trickles is cut at the request timeout (408), not after Node's five minutes", async () => {
    const { server, port } = await limitedServer(1, 10);
    try {
      // 1,000 bytes promised, one sent every 200 ms: would take 200 s.
      const slow = await rawClient(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n", { everyMs: 200, bytes: 1000 });
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(slow.closedAfterMs).toBeLessThan(4000);
      // Headers alone that never end are cut too.
      const headers = await rawClient(port, "GET / HTTP/1.1\r\nHost: x\r\n", { everyMs: 200, bytes: 1000 });
      expect(headers.closedAfterMs).toBeLessThan(4000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 15_000);

  it("a client past its connections is answered 429 and closed; others and the client's own later ones are served", async () => {
    const { server, port } = await limitedServer(10, 3);
    try {
      const held = await Promise.all(Array.from({ length: 3 }, () => new Promise<Socket>((resolve) => { const s = connect(port, "127.0.0.1", () => resolve(s)); s.on("error", () => {}); })));
      const refused = await rawClient(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
      expect(refused.answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
      expect(refused.answer).toMatch(/\r\nRetry-After: 10\r\n/);
      expect(refused.answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
      expect(refused.answer).not.toContain("ok");
      for (const socket of held) socket.destroy();
      await new Promise((r) => setTimeout(r, 50));
      const again = await rawClient(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      expect(again.answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*ok$/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
