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
    expect(env.TRUST_PROXY).toBe(false);
  });

  it("applies brand protection's documented defaults and requires a secret with a webhook URL", () => {
    expect(parseEnv({})).toMatchObject({
      SCAN_RETENTION_DAYS: 400,
      CLONE_DISTINCT_CLIENTS: 2,
      CLONE_CHECKS_24H: 5,
      UNKNOWN_SPIKE_PER_HOUR: 200,
      GUESSING_LIMIT_HITS: 3,
      REPORT_RATE_LIMIT: 5,
    });
    expect(parseEnv({}).ALERT_WEBHOOK_URL).toBeUndefined();
    expect(() => parseEnv({ ALERT_WEBHOOK_URL: "https://hooks.example/alerts" })).toThrowError(/ALERT_WEBHOOK_SECRET is required when ALERT_WEBHOOK_URL is set/);
    expect(() => parseEnv({ ALERT_WEBHOOK_URL: "ftp://x", ALERT_WEBHOOK_SECRET: "0123456789abcdef" })).toThrowError(/ALERT_WEBHOOK_URL/);
    expect(parseEnv({ ALERT_WEBHOOK_URL: "https://hooks.example/a", ALERT_WEBHOOK_SECRET: "0123456789abcdef", SCAN_RETENTION_DAYS: "30" })).toMatchObject({ SCAN_RETENTION_DAYS: 30 });
    expect(() => parseEnv({ SCAN_RETENTION_DAYS: "0" })).toThrowError(/SCAN_RETENTION_DAYS/);
  });

  it("derives the site URL from the port and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://shop.example/" }).SITE_URL).toBe("https://shop.example");
  });

  it("rejects wrong values in one readable line naming each variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "postgres://x" })).toThrowError(
      /^Invalid environment: PORT .*; DATABASE_URL must start with file:/,
    );
    expect(() => parseEnv({ PORT: "70000" })).toThrowError(/PORT must be a TCP port/);
    expect(() => parseEnv({ JWT_SECRET: "short" })).toThrowError(/JWT_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ SITE_URL: "ftp://x" })).toThrowError(/SITE_URL/);
  });

  it("reads TRUST_PROXY as a boolean", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });
});
