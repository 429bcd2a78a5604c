import { availableParallelism } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { parseDatabaseUrl, type Engine } from "@db/database-url";
import { defaultBrand, type BrandConfig } from "./brand";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-bounds";
import { parseAllowList, type AllowList } from "./address-policy";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

/** An optional variable read by `parse`, whose thrown message becomes the variable's error. */
const parsedBy = <T>(parse: (raw: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((value, ctx): T => {
      try {
        return parse(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    });

const intFromEnv = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: intFromEnv(3000).refine((p) => p < 65536, "must be a TCP port (1-65535)"),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .default("file:./data/app.db")
    .superRefine((value, ctx) => {
      try {
        parseDatabaseUrl(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  // PostgreSQL connections per process. At least 2: a verification batch holds one for its
  // transaction while the rate limiter counts on another.
  DATABASE_POOL_SIZE: intFromEnv(10).refine((n) => n >= 2 && n <= 500, "must be from 2 to 500"),
  // Server processes (node:cluster workers); 1 keeps a single process.
  WEB_CONCURRENCY: z.coerce.number().int().min(1, "must be at least 1").max(256, "must be at most 256").optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // The secret codes are sealed and looked up with (decision 081). Unset: generated into DATA_DIR/codes.key.
  CODES_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_USERNAME: z.string().min(5).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .optional(),
  TRUST_PROXY: parsedBy<TrustProxy>(parseTrustProxy),
  LOG_FORMAT: z.enum(["json", "pretty"], "must be json or pretty").optional(),
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], "must be one of trace, debug, info, warn, error, fatal, silent")
    .default("info"),
  // Backups of the SQLite database (npm run backup; BACKUP_SCHEDULE=daily inside the server).
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: intFromEnv(14).refine((n) => n <= 10_000, "must be at most 10000"),
  BACKUP_SCHEDULE: z.enum(["off", "daily"], "must be off or daily").default("off"),
  VERIFY_RATE_LIMIT: intFromEnv(20),
  CONTACT_RATE_LIMIT: intFromEnv(5),
  LOGIN_RATE_LIMIT: intFromEnv(5),
  // Pages of active codes in full, and exact code searches, a member may make per hour (decisions 149, 170).
  CODE_READ_RATE_LIMIT: intFromEnv(60),
  // API calls per API key per minute (decision 154).
  API_KEY_RATE_LIMIT: intFromEnv(600),
  // The HTTP server (issue 42): seconds a client has to send a whole request (headers and body), and
  // connections one client (an IPv4 address or an IPv6 /64) may hold open to one server process.
  REQUEST_TIMEOUT_SECONDS: intFromEnv(60).refine((s) => s <= 3600, "must be at most 3600 (one hour)"),
  MAX_CONNECTIONS_PER_CLIENT: intFromEnv(128),
  // Lifetime of an admin access token; short lifetimes are for tests of the transparent refresh.
  // How long a public page stays in the page cache (decision 132); 0 turns the cache off.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0, "must be 0 or more").max(86_400, "must be at most 86400 (a day)").default(60),
  ACCESS_TOKEN_TTL_SECONDS: intFromEnv(900).refine((s) => s <= 3600, "must be at most 3600 (one hour)"),
  BRAND_NAME: z.string().min(1).optional(),
  BRAND_NAME_AR: z.string().min(1).optional(),
  BRAND_EMAIL: z.email().optional(),
  SOCIAL_INSTAGRAM: z.url().optional(),
  SOCIAL_FACEBOOK: z.url().optional(),
  SOCIAL_TWITTER: z.url().optional(),
  // Brand protection (docs/decisions/090): how long the scan log keeps each check, and the signals' thresholds.
  SCAN_RETENTION_DAYS: intFromEnv(400).refine((d) => d <= 36_500, "must be at most 36500 days"),
  CLONE_DISTINCT_CLIENTS: intFromEnv(2),
  CLONE_CHECKS_24H: intFromEnv(5),
  UNKNOWN_SPIKE_PER_HOUR: intFromEnv(200),
  GUESSING_LIMIT_HITS: intFromEnv(3),
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  REPORT_RATE_LIMIT: intFromEnv(5),
  // Registered buyers (decision 162): sign-ups per client per hour, and days kept after the run's best-before date.
  REGISTRATION_RATE_LIMIT: intFromEnv(5),
  REGISTRATION_RETENTION_DAYS: intFromEnv(365).refine((d) => d <= 36_500, "must be at most 36500 days"),
  // Mail (decision 161): the SMTP server (smtp:// upgrades with STARTTLS when offered, smtps:// is TLS
  // from the start); unset, each mail is written as an .eml file under DATA_DIR/mail/.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  // The sender: an address, or "Name <address>". Unset: the brand's name and BRAND_EMAIL.
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, "must be an e-mail address or Name <address>")
    .optional(),
  // New contact messages are mailed here when set.
  CONTACT_NOTIFY_EMAIL: z.email().optional(),
  // Managed webhooks (decision 160): plain http allowed, and the private hosts/addresses/CIDRs they may reach.
  WEBHOOK_ALLOW_HTTP: z.enum(["true", "false"], "must be true or false").default("false").transform((v) => v === "true"),
  WEBHOOK_ALLOW_PRIVATE: parsedBy<AllowList>(parseAllowList),
  // GET /metrics (decision 158): on the public port only with this bearer token; METRICS_PORT serves it on 127.0.0.1.
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  METRICS_PORT: z.coerce.number().int().min(1, "must be a TCP port (1-65535)").max(65_535, "must be a TCP port (1-65535)").optional(),
}).refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
  path: ["METRICS_PORT"],
  message: "must differ from PORT (the metrics listen on 127.0.0.1 apart from the site)",
}).refine((e) => !e.ALERT_WEBHOOK_URL || e.ALERT_WEBHOOK_SECRET, {
  path: ["ALERT_WEBHOOK_SECRET"],
  message: "is required when ALERT_WEBHOOK_URL is set (the alerts are signed with it)",
});

export type Env = Omit<z.infer<typeof envSchema>, "WEB_CONCURRENCY" | "LOG_FORMAT" | "BACKUP_DIR"> & {
  SITE_URL: string;
  DATABASE_ENGINE: Engine;
  /** The SQLite file (`file:` URLs), or null on PostgreSQL. */
  DATABASE_PATH: string | null;
  DATA_DIR: string;
  WEB_CONCURRENCY: number;
  LOG_FORMAT: "json" | "pretty";
  BACKUP_DIR: string;
};

/** Parses an environment; throws one readable line naming every wrong variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = result.data;
  const target = parseDatabaseUrl(env.DATABASE_URL);
  const databasePath = target.engine === "sqlite" ? target.path : null;
  const dataDir = env.DATA_DIR ?? (databasePath === null || databasePath === ":memory:" ? "./data" : dirnameOf(databasePath));
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DATABASE_ENGINE: target.engine,
    DATABASE_PATH: databasePath,
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? availableParallelism(),
    // People at a terminal read lines; log collectors read JSON.
    LOG_FORMAT: env.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json"),
    BACKUP_DIR: env.BACKUP_DIR ?? join(dataDir, "backups"),
  };
}

function dirnameOf(path: string) {
  const index = path.lastIndexOf("/");
  return index <= 0 ? (index === 0 ? "/" : ".") : path.slice(0, index);
}

let cached: Env | undefined;

/** The validated environment of this process, parsed once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Brand facts with environment overrides applied. */
export function brand(): BrandConfig {
  const e = env();
  return {
    name: e.BRAND_NAME ?? defaultBrand.name,
    nameAr: e.BRAND_NAME_AR ?? defaultBrand.nameAr,
    email: e.BRAND_EMAIL ?? defaultBrand.email,
    siteUrl: e.SITE_URL,
    social: {
      instagram: e.SOCIAL_INSTAGRAM ?? defaultBrand.social.instagram,
      facebook: e.SOCIAL_FACEBOOK ?? defaultBrand.social.facebook,
      twitter: e.SOCIAL_TWITTER ?? defaultBrand.social.twitter,
    },
  };
}
