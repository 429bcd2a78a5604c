import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Transaction } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database, MailOutboxTable } from "@db/schema";
import { brand, env } from "~/platform/lib/env.server";
import {
  type Channel,
  deliverDue,
  type DeliveryOptions,
  kick,
  type Outcome,
  type OutboxRow,
  type SendResult,
  startSweep,
  stopSweep,
} from "~/platform/outbox/outbox.server";

/**
 * Mail (decision 161). A feature renders its mail (app/platform/mail/render.server.ts) and queues it with
 * `queueMail` in the transaction that decided it; after the commit it calls `kickMail()`, and the
 * outbox's loop (app/platform/outbox/, decision 159) sends it beside the requests, leased to one sender across
 * workers and instances, retried with backoff. With `SMTP_URL` the mail goes through nodemailer
 * (smtp:// upgraded with STARTTLS when the server offers it, smtps:// TLS from the start); without it,
 * each mail is written as an `.eml` file under DATA_DIR/mail/: nothing is silently dropped.
 */

export type OutgoingMail = { to: string; subject: string; html: string; text: string; headers?: Record<string, string> };

export const MAX_ATTEMPTS = 10;
/** First retry after this long; each later one waits twice as long, at most an hour (about 4 h in all). */
const BASE_DELAY_MS = 30_000;
/** Well under the outbox's one-minute lease: a slow server never lets a second sender take the row. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Whether mail leaves the machine (SMTP_URL set); otherwise it is written to the mail folder. */
export function mailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/** The folder the `.eml` files are written to without SMTP_URL. */
export function mailFolder(): string {
  return join(env().DATA_DIR, "mail");
}

/** The outbox columns of a mail not yet tried. */
const UNSENT = { status: "pending", attempts: 0, lease_until: null, last_status: null, last_error: null, delivered_at: null } as const;

/** Queues the mails, in the transaction that decided them; `kickMail()` after the commit sends them. */
export async function queueMail(trx: Transaction<Database>, mails: readonly OutgoingMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  const at = now.toISOString();
  await trx
    .insertInto("mail_outbox")
    .values(
      mails.map((mail) => ({
        id: randomUUID(),
        recipient: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: JSON.stringify(mail.headers ?? {}),
        ...UNSENT,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

type MailRow = OutboxRow & Pick<MailOutboxTable, "recipient" | "subject" | "html" | "text" | "headers">;

function sender(): string {
  const e = env();
  if (e.MAIL_FROM) return e.MAIL_FROM;
  const b = brand();
  return `"${b.name.replace(/["\\]/g, "")}" <${b.email}>`;
}

/** The message as nodemailer takes it; its Message-ID is the row's, the same on every attempt. */
function message(row: MailRow) {
  const host = new URL(env().SITE_URL).hostname || "localhost";
  return {
    from: sender(),
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: JSON.parse(row.headers) as Record<string, string>,
    messageId: `<${row.id}@${host}>`,
    date: new Date(row.created_at),
  };
}

const transports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    const parsed = new URL(url);
    transport = nodemailer.createTransport({
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : parsed.protocol === "smtps:" ? 465 : 587,
      secure: parsed.protocol === "smtps:",
      auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
      ...TIMEOUTS,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** What an attempt came to; a delivered mail's parts are emptied (they may carry a single-use link). */
function delivered(status: number | null): SendResult {
  return { ok: true, status, error: null, fields: { html: "", text: "" } };
}

function failure(error: unknown): SendResult {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const reason = [e.code, e.message].filter(Boolean).join(": ") || String(error);
  return { ok: false, status: typeof e.responseCode === "number" ? e.responseCode : null, error: reason.slice(0, 200) };
}

async function sendSmtp(url: string, row: MailRow): Promise<SendResult> {
  try {
    const info = await smtpTransport(url).sendMail(message(row));
    const code = /^(\d{3})/.exec(String(info.response ?? ""));
    return delivered(code ? Number(code[1]) : 250);
  } catch (error) {
    return failure(error);
  }
}

const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** Without SMTP_URL: the mail as an `.eml` file (0600 in a 0700 folder), named by its time and id. */
async function writeEml(folder: string, row: MailRow): Promise<SendResult> {
  try {
    const info = await fileTransport.sendMail(message(row));
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const name = `${row.created_at.replace(/[:.]/g, "-")}-${row.id}.eml`;
    await writeFile(join(folder, name), info.message as Buffer, { mode: 0o600 });
    return delivered(null);
  } catch (error) {
    return failure(error);
  }
}

type ChannelOptions = { smtpUrl?: string | null; folder?: string };

/** The mail channel of the outbox: SMTP when a URL is given, else the mail folder. */
function mailChannel(options: ChannelOptions = {}): Channel<MailRow> {
  return {
    name: "mail",
    table: "mail_outbox",
    maxAttempts: MAX_ATTEMPTS,
    baseDelayMs: BASE_DELAY_MS,
    enabled: () => true,
    send: (row) => {
      const url = options.smtpUrl === undefined ? env().SMTP_URL : options.smtpUrl;
      return url ? sendSmtp(url, row) : writeEml(options.folder ?? mailFolder(), row);
    },
  };
}

const channel = mailChannel();

/** Sends every mail that is due (the outbox's loop for this channel); tests give a clock, a server or a folder. */
export function deliverMail(options: DeliveryOptions & ChannelOptions = {}): Promise<Outcome[]> {
  return deliverDue(options.smtpUrl !== undefined || options.folder ? mailChannel(options) : channel, options);
}

/** Sends what is due now, beside the requests (call it after the commit; never awaited by a request). */
export function kickMail(): void {
  kick(channel);
}

/** Retries in the background: every 15 s this process sends what has become due. */
export function startMailSweep(): void {
  startSweep(channel);
}

export function stopMailSweep(): void {
  stopSweep(channel);
}
