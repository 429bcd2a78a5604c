/**
 * DATABASE_URL, read once for every engine: `file:PATH` (SQLite, the embedded default) or
 * `postgres://…` / `postgresql://…` (PostgreSQL through `pg`). Pure: no I/O, safe anywhere.
 */
export type Engine = "sqlite" | "postgres";

export type DatabaseTarget =
  | { engine: "sqlite"; url: string; path: string }
  | { engine: "postgres"; url: string; connectionString: string };

const POSTGRES = /^postgres(ql)?:\/\//i;

/** Says which engine a URL names, or why it names none. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    if (!path) throw new Error("a file: URL needs a path (for example file:./data/app.db)");
    return { engine: "sqlite", url, path };
  }
  if (POSTGRES.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error("is not a valid postgres:// URL");
    }
    if (!parsed.hostname && !parsed.searchParams.get("host")) throw new Error("a postgres:// URL needs a host");
    return { engine: "postgres", url, connectionString: url };
  }
  throw new Error("must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)");
}

/** The URL with its password removed, for log lines and messages. */
export function redactDatabaseUrl(url: string): string {
  if (!POSTGRES.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass|secret|key|token/i.test(key)) parsed.searchParams.set(key, "***");
    }
    return parsed.toString();
  } catch {
    return "postgres://(unreadable URL)";
  }
}
