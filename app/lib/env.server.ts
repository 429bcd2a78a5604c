import { z } from "zod";
import { defaultBrand, type BrandConfig } from "./brand";

const intFromEnv = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);

const booleanFromEnv = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .default("")
  .transform((v) => v === "1" || v === "true" || v === "yes");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: intFromEnv(3000).refine((p) => p < 65536, "must be a TCP port (1-65535)"),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .default("file:./data/app.db")
    .refine((v) => v.startsWith("file:"), "must start with file: (for example file:./data/app.db)"),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_USERNAME: z.string().min(5).optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  TRUST_PROXY: booleanFromEnv,
  VERIFY_RATE_LIMIT: intFromEnv(20),
  CONTACT_RATE_LIMIT: intFromEnv(5),
  LOGIN_RATE_LIMIT: intFromEnv(5),
  // Lifetime of an admin access token; short lifetimes are for tests of the transparent refresh.
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
}).refine((e) => !e.ALERT_WEBHOOK_URL || e.ALERT_WEBHOOK_SECRET, {
  path: ["ALERT_WEBHOOK_SECRET"],
  message: "is required when ALERT_WEBHOOK_URL is set (the alerts are signed with it)",
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; DATABASE_PATH: string; DATA_DIR: string };

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
  const databasePath = env.DATABASE_URL.slice("file:".length);
  const dataDir = env.DATA_DIR ?? (databasePath === ":memory:" ? "./data" : dirnameOf(databasePath));
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DATABASE_PATH: databasePath,
    DATA_DIR: dataDir,
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
