import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a loopback port, for mail tests (smtp-server, each mail parsed with
 * mailparser): records every mail it accepts; can refuse recipients for a while (`refuse`), or be
 * stopped and started again on the same port (a server down for a while).
 */
export class SmtpSink {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  private port = 0;
  private refusing = false;
  private waiters: (() => void)[] = [];

  get url(): string {
    if (!this.port) throw new Error("SmtpSink: start it first");
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts listening: a free port the first time, the same port after a stop. */
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
        callback(error);
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers 451 to every recipient while true. */
  refuse(refusing: boolean): void {
    this.refusing = refusing;
  }

  /** Waits until `count` mails have arrived in all. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`SmtpSink: ${this.received.length} of ${count} mails arrived`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** The mails sent to one address. */
  to(address: string): ParsedMail[] {
    const text = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(",") : (mail.to?.text ?? ""));
    return this.received.filter((mail) => text(mail).includes(address));
  }
}
