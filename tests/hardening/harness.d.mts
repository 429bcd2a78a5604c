// Types of what the Vitest suites use of harness.mjs (tests/unit/metrics-cluster.test.ts).
import type { IncomingHttpHeaders } from "node:http";

export type FreshAnswer = { status: number; headers: IncomingHttpHeaders; text: string; requestId?: string; error?: string };

/** A request on a connection of its own, so a cluster's primary hands each one to the next worker. */
export function sendFresh(
  base: string,
  path: string,
  options?: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<FreshAnswer>;
export function logLines(text: string): Record<string, unknown>[];
export function workersByRequest(lines: Record<string, unknown>[]): Map<string, number>;
export function waitUntil(predicate: () => boolean | Promise<boolean>, ms?: number, step?: number): Promise<boolean>;
