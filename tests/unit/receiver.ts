import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";

/**
 * A real HTTP receiver on a loopback port, for webhook tests: records every request (headers and
 * exact body) and answers each with the next planned status, or holds it open ("hang") until told.
 */
export type Received = { headers: IncomingHttpHeaders; body: string; at: number };

export class Receiver {
  readonly received: Received[] = [];
  private plan: (number | "hang")[] = [];
  private fallback: number | "hang" = 200;
  private held: ServerResponse[] = [];
  private waiters: (() => void)[] = [];
  private server: Server | null = null;

  constructor(readonly port: number) {}

  /** The statuses of the next answers, in order; after them, `then`. */
  answer(plan: (number | "hang")[], then: number | "hang" = 200): this {
    this.plan = [...plan];
    this.fallback = then;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/alerts`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
        this.waiters.splice(0).forEach((w) => w());
        const next = this.plan.length > 0 ? this.plan.shift()! : this.fallback;
        if (next === "hang") this.held.push(res);
        else res.writeHead(next, { "Content-Type": "text/plain" }).end(String(next));
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", resolve);
    });
  }

  /** Answers every held request. */
  release(status = 200): void {
    for (const res of this.held.splice(0)) res.writeHead(status).end();
  }

  /** Resolves once at least `n` requests have arrived. */
  async waitFor(n: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > deadline) throw new Error(`receiver: ${this.received.length} of ${n} requests arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async stop(): Promise<void> {
    this.release(503);
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Waits until `condition` holds (polling every 25 ms), at most 10 s. */
export async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
