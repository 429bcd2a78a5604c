import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("environment validation", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_PATH).toBe("./data/app.db");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.VERIFY_RATE_LIMIT).toBe(20);
    expect(env.CONTACT_RATE_LIMIT).toBe(5);
    expect(env.LOGIN_RATE_LIMIT).toBe(5);
    expect(env.TRUST_PROXY).toEqual({ kind: "none" });
    expect(env.DATABASE_ENGINE).toBe("sqlite");
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.WEB_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.BACKUP_DIR).toBe("data/backups");
    expect(env.BACKUP_KEEP).toBe(14);
    expect(env.BACKUP_SCHEDULE).toBe("off");
  });

  it("applies brand protection's documented defaults and requires a secret with a webhook URL", () => {
    expect(parseEnv({})).toMatchObject({
      SCAN_RETENTION_DAYS: 400,
      CLONE_DISTINCT_CLIENTS: 2,
      CLONE_CHECKS_24H: 5,
      UNKNOWN_SPIKE_PER_HOUR: 200,
      GUESSING_LIMIT_HITS: 3,
      REPORT_RATE_LIMIT: 5,
      REGISTRATION_RATE_LIMIT: 5,
      REGISTRATION_RETENTION_DAYS: 365,
    });
    expect(parseEnv({}).ALERT_WEBHOOK_URL).toBeUndefined();
    expect(() => parseEnv({ ALERT_WEBHOOK_URL: "https://hooks.example/alerts" })).toThrowError(/ALERT_WEBHOOK_SECRET is required when ALERT_WEBHOOK_URL is set/);
    expect(() => parseEnv({ ALERT_WEBHOOK_URL: "ftp://x", ALERT_WEBHOOK_SECRET: "0123456789abcdef" })).toThrowError(/ALERT_WEBHOOK_URL/);
    expect(parseEnv({ ALERT_WEBHOOK_URL: "https://hooks.example/a", ALERT_WEBHOOK_SECRET: "0123456789abcdef", SCAN_RETENTION_DAYS: "30" })).toMatchObject({ SCAN_RETENTION_DAYS: 30 });
    expect(() => parseEnv({ SCAN_RETENTION_DAYS: "0" })).toThrowError(/SCAN_RETENTION_DAYS/);
  });

  it("takes mail settings: smtp:// or smtps://, a sender as an address or Name <address>, a notify address", () => {
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.example:587", MAIL_FROM: "Lunara <no-reply@lunara.example>", CONTACT_NOTIFY_EMAIL: "care@lunara.example" })).toMatchObject({
      SMTP_URL: "smtp://u:p@mail.example:587",
      MAIL_FROM: "Lunara <no-reply@lunara.example>",
    });
    expect(parseEnv({ SMTP_URL: "smtps://mail.example", MAIL_FROM: "no-reply@lunara.example" }).MAIL_FROM).toBe("no-reply@lunara.example");
    expect(() => parseEnv({ SMTP_URL: "https://mail.example" })).toThrowError(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => parseEnv({ MAIL_FROM: "Lunara" })).toThrowError(/MAIL_FROM must be an e-mail address or Name <address>/);
    expect(() => parseEnv({ CONTACT_NOTIFY_EMAIL: "nobody" })).toThrowError(/CONTACT_NOTIFY_EMAIL/);
  });

  it("derives the site URL from the port and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://shop.example/" }).SITE_URL).toBe("https://shop.example");
  });

  it("rejects wrong values in one readable line naming each variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrowError(
      /^Invalid environment: PORT .*; DATABASE_URL must start with file: \(SQLite\) or postgres:\/\//,
    );
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "1" })).toThrowError(/DATABASE_POOL_SIZE must be from 2 to 500/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrowError(/WEB_CONCURRENCY must be at least 1/);
    expect(() => parseEnv({ LOG_FORMAT: "xml" })).toThrowError(/LOG_FORMAT must be json or pretty/);
    expect(() => parseEnv({ BACKUP_SCHEDULE: "hourly" })).toThrowError(/BACKUP_SCHEDULE must be off or daily/);
    expect(() => parseEnv({ PORT: "70000" })).toThrowError(/PORT must be a TCP port/);
    expect(() => parseEnv({ JWT_SECRET: "short" })).toThrowError(/JWT_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ SITE_URL: "ftp://x" })).toThrowError(/SITE_URL/);
  });

  it("reads PostgreSQL URLs and keeps the data folder for the secret", () => {
    const env = parseEnv({ DATABASE_URL: "postgresql://app:pw@db.internal:5432/lunara", DATABASE_POOL_SIZE: "20" });
    expect(env.DATABASE_ENGINE).toBe("postgres");
    expect(env.DATABASE_PATH).toBeNull();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_POOL_SIZE).toBe(20);
    expect(parseEnv({ DATABASE_URL: "postgres://localhost/x" }).DATABASE_ENGINE).toBe("postgres");
  });

  it("reads TRUST_PROXY as a hop count or a list of proxies, never as trust-everything", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,loopback, 2001:db8::/32" }).TRUST_PROXY).toEqual({
      kind: "list",
      list: ["10.0.0.0/8", "192.168.1.7", "loopback", "2001:db8::/32"],
    });
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrowError(/TRUST_PROXY must be a hop count .*trusting every hop/);
    expect(() => parseEnv({ TRUST_PROXY: "*" })).toThrowError(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrowError(/not understood: 10.0.0.0\/33/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.internal" })).toThrowError(/not understood: proxy.internal/);
  });

  it("keeps the metrics unset by default; a token of 32+ characters, a port apart from the site's (decision 158)", () => {
    const defaults = parseEnv({});
    expect([defaults.METRICS_TOKEN, defaults.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(parseEnv({ METRICS_TOKEN: "m".repeat(32), METRICS_PORT: "9464" })).toMatchObject({ METRICS_TOKEN: "m".repeat(32), METRICS_PORT: 9464 });
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrowError(/METRICS_TOKEN must be at least 32 characters/);
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrowError(/METRICS_PORT must be a TCP port/);
    expect(() => parseEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrowError(/METRICS_PORT must differ from PORT/);
  });
});
