import { AsyncLocalStorage } from "node:async_hooks";
import { format as formatArgs } from "node:util";

/**
 * Structured logs: one line per event, JSON (`LOG_FORMAT=json`, for collectors) or a readable line
 * (`pretty`, at a terminal), filtered by `LOG_LEVEL`. The request id of the request being served is
 * added to every line written while serving it, including lines written through `console.*` by code
 * that knows nothing of this module (server.js routes the console here).
 *
 * What never reaches a line: secrets, tokens, passwords, cookies (by field name, and JWT-shaped or
 * password-bearing URL text anywhere), the token of every tokened link (invitation, reset, sign-in link,
 * a registration's confirmation and unsubscribe links) and `?token=`-style
 * query values (in any text, the access log's path included), and raw client addresses (nothing here is given one: the access
 * log carries the keyed client hash). Stack traces are written for errors logged at `error` or above
 * (real 5xx) or when the level is `debug`/`trace`; below that an error is its type and message.
 */

export const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
export type Level = (typeof LEVELS)[number];
export type LogLevelSetting = Level | "silent";
export type LogFormat = "json" | "pretty";
export type LogFields = Record<string, unknown>;

export type Logger = {
  trace(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  fatal(msg: string, fields?: LogFields): void;
  enabled(level: Level): boolean;
  child(fields: LogFields): Logger;
};

export type LoggerOptions = {
  format?: LogFormat;
  level?: LogLevelSetting;
  /** Fields on every line (the process role, the worker number). */
  base?: LogFields;
  /** Where lines go; one call per line, newline included. Default: stdout. */
  write?: (line: string) => void;
};

/** The request being served, for the lines written while serving it. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const rank = (level: LogLevelSetting) => (level === "silent" ? Infinity : LEVELS.indexOf(level));

const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|jwt|api[-_]?key|credential/i;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/**
 * A path whose next segment is a secret: the token of an invitation, a password reset, a sign-in link,
 * a registration's confirmation or unsubscribe link (every route with a `:token`, log.server.test.ts).
 */
const SECRET_PATH = /(\/(?:invitations?|reset|reset-password|password-reset|sign-in-link|confirm|unsubscribe)\/)[^/?#\s"']+/gi;
/** A query value that is a secret: `?token=`, `?mfa_token=`, `?code=` (a verification code), … */
const SECRET_QUERY = /([?&](?:[a-z_]*token|code|pin|key|secret|password|signature)=)[^&#\s"']+/gi;

/** Every text one of the patterns above replaces holds one of these: most texts need no replacing. */
const MAYBE_SECRET = /eyJ|:\/\/|bearer|basic|\/(?:invitation|reset|password-reset)|[?&]/i;

/** Text with anything token- or password-shaped replaced, and the secret part of a link. */
export function scrub(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  return text
    .replace(JWT, "[redacted-jwt]")
    .replace(URL_PASSWORD, "$1***@")
    .replace(BEARER, "$1 [redacted]")
    .replace(SECRET_PATH, "$1[redacted]")
    .replace(SECRET_QUERY, "$1[redacted]");
}

function serializeError(error: unknown, withStack: boolean): LogFields {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  const out: LogFields = { type: error.name, message: scrub(error.message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (withStack && error.stack) out.stack = scrub(error.stack);
  if (error.cause !== undefined) out.cause = serializeError(error.cause, withStack);
  return out;
}

/** Field names seen so far and whether each names a secret (a few dozen names, asked on every line). */
const secretKeys = new Map<string, boolean>();
function isSecretKey(key: string): boolean {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretKeys.size < 1000) secretKeys.set(key, secret);
  }
  return secret;
}

function clean(value: unknown, key: string, withStack: boolean, depth = 0): unknown {
  if (isSecretKey(key)) return "[redacted]";
  if (value instanceof Error) return serializeError(value, withStack);
  if (typeof value === "string") return scrub(value);
  if (typeof value === "bigint") return Number(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 4) return "[nested]";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => clean(v, "", withStack, depth + 1));
  const out: LogFields = {};
  for (const [k, v] of Object.entries(value)) out[k] = clean(v, k, withStack, depth + 1);
  return out;
}

const COLORS: Record<Level, string> = { trace: "90", debug: "36", info: "32", warn: "33", error: "31", fatal: "35" };

function prettyValue(value: unknown): string {
  if (typeof value === "string") return /[\s"=]/.test(value) || value === "" ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? "json";
  const threshold = rank(options.level ?? "info");
  const debugStacks = threshold <= rank("debug");
  const write = options.write ?? writeToStdout;
  const color = format === "pretty" && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

  const make = (base: LogFields): Logger => {
    const emit = (level: Level, msg: string, fields?: LogFields) => {
      if (rank(level) < threshold) return;
      const withStack = debugStacks || rank(level) >= rank("error");
      const requestId = requestContext.getStore()?.requestId;
      const extra = clean({ ...base, ...(requestId ? { req_id: requestId } : {}), ...fields }, "", withStack) as LogFields;
      const message = scrub(msg);
      if (format === "json") {
        write(`${JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...extra })}\n`);
        return;
      }
      const time = new Date().toISOString().slice(11, 23);
      const label = level.toUpperCase().padEnd(5);
      const stacks: string[] = [];
      const pairs = Object.entries(extra).map(([k, v]) => {
        const stack = v && typeof v === "object" ? (v as { stack?: unknown }).stack : undefined;
        if (typeof stack === "string") {
          stacks.push(stack);
          const { stack: _omit, ...rest } = v as LogFields;
          void _omit;
          return `${k}=${prettyValue(rest)}`;
        }
        return `${k}=${prettyValue(v)}`;
      });
      const head = color ? `\x1b[${COLORS[level]}m${label}\x1b[0m` : label;
      write(`${time} ${head} ${message}${pairs.length ? ` ${pairs.join(" ")}` : ""}\n${stacks.map((s) => `${s}\n`).join("")}`);
    };
    return {
      trace: (msg, fields) => emit("trace", msg, fields),
      debug: (msg, fields) => emit("debug", msg, fields),
      info: (msg, fields) => emit("info", msg, fields),
      warn: (msg, fields) => emit("warn", msg, fields),
      error: (msg, fields) => emit("error", msg, fields),
      fatal: (msg, fields) => emit("fatal", msg, fields),
      enabled: (level) => rank(level) >= threshold,
      child: (fields) => make({ ...base, ...fields }),
    };
  };
  return make(options.base ?? {});
}

/**
 * Lines written in one turn of the event loop reach stdout together, in one write at the end of the
 * turn (one system call for the access lines of every request answered in it, instead of one each);
 * whatever is still waiting when the process exits is written then (an `exit` handler's write to a
 * file, pipe or terminal is synchronous).
 */
let waiting: string[] = [];
function flushStdout(): void {
  if (waiting.length === 0) return;
  const text = waiting.join("");
  waiting = [];
  process.stdout.write(text);
}
let exitHooked = false;
function writeToStdout(line: string): void {
  if (waiting.push(line) === 1) setImmediate(flushStdout);
  if (!exitHooked) {
    exitHooked = true;
    process.on("exit", flushStdout);
  }
}

let current: Logger = createLogger({ format: process.stdout.isTTY ? "pretty" : "json" });

/** The process's logger (configured at start-up by `configureLogger`). */
export function log(): Logger {
  return current;
}

export function configureLogger(options: LoggerOptions): Logger {
  current = createLogger(options);
  return current;
}

/**
 * Sends `console.*` through the logger, so lines from libraries and from app code that still calls
 * the console are structured, carry the request id and follow the same rules. An Error among the
 * arguments becomes the line's `err` field (with its stack only where stacks are allowed).
 */
export function routeConsoleToLogger(logger: () => Logger = log): void {
  const bridge = (level: Level) => (...args: unknown[]) => {
    const errors = args.filter((a): a is Error => a instanceof Error);
    const rest = args.filter((a) => !(a instanceof Error));
    const text = rest.length ? formatArgs(...rest) : errors[0]?.message ?? "";
    logger()[level](text.trim(), errors.length ? { err: errors[0] } : undefined);
  };
  console.log = bridge("info");
  console.info = bridge("info");
  console.warn = bridge("warn");
  console.error = bridge("error");
  console.debug = bridge("debug");
  console.trace = bridge("trace");
}
