// Types of what the Vitest suites use of bench/lib.mjs (tests/unit/metrics-cluster.test.ts and gs1-resolver.test.ts start the real server.js).
export type StartedServer = {
  base: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Everything the server wrote to stdout (its JSON log), when started with captureLog. */
  log(): string;
  stderr(): string;
  /** The worker processes (children of the primary) right now. */
  workers(): number[];
  stop(): Promise<{ code: number | null; signal: string | null }>;
  kill(): Promise<void>;
};

export function ensureBuild(options?: { force?: boolean }): Promise<void>;
export function freePort(): Promise<number>;
export function tempDir(prefix: string): string;
export function startServer(options?: {
  dataDir?: string;
  env?: Record<string, string>;
  port?: number;
  quiet?: boolean;
  captureLog?: boolean;
  nodeArgs?: string[];
  databaseUrl?: string;
}): Promise<StartedServer>;
/** Logs in through the API as the benchmark's admin (tests/unit/gs1-resolver.test.ts seeds with it). */
export function login(base: string, credentials?: { username: string; password: string }): Promise<{ access: string; refresh: string; cookie: string }>;
/** A two-part run made through the API: each pack's serial, PIN and the path of its Digital Link. */
export function makePacks(base: string, productId: string, options: { quantity: number; lot: string }): Promise<{ serial: string; pin: string; path: string; pathname: string }[]>;
