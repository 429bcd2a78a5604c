// Types of what the Vitest suites use of bench/lib.mjs (tests/unit/metrics-cluster.test.ts starts the real server.js).
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
