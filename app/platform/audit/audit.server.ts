import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import type { AuditEntry } from "@db/schema";
import { clientHash } from "~/platform/http/client.server";
import type { AuditAction, AuditOutcome } from "./actions";

/**
 * The audit trail's one way in (decision 101). Every feature that changes something a brand would
 * want to account for calls `recordAudit` once, after the change (or the refusal):
 *
 *   await recordAudit({ action: "code.created", actor, target: `code:${code}`, clientHash });
 *
 * The entry is appended to `audit_log` (which the database keeps append-only: nothing edits or
 * deletes an entry) and written as one JSON line on stdout for log shipping. A failure to store it is
 * logged and never undoes or blocks the action itself; the stdout line is written either way.
 */
export type AuditActor = {
  id: string | null;
  username: string;
  /** The API key the member acted through (decision 154): named in the entry's detail. */
  apiKey?: { id: string; prefix: string } | undefined;
};

export type AuditInput = {
  action: AuditAction;
  /** The member who acted; for a sign-in, the username that was tried; null for the system itself. */
  actor: AuditActor | null;
  /** What was acted on, as `kind:name` (`admin:maria`, `code:ABCD1234`, `session:1f2e…`). */
  target?: string | null;
  outcome?: AuditOutcome;
  clientHash?: string | null;
  /** A few plain facts (never a secret: no password, token, code of a live label or recovery code). */
  detail?: Record<string, string | number | boolean | null>;
  at?: Date;
};

const SYSTEM: AuditActor = { id: null, username: "system" };
const cap = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

type Sink = (line: string) => void;
let sink: Sink = (line) => void process.stdout.write(line);

/** Where the JSON lines go (stdout); a test may read them. Returns the previous sink. */
export function setAuditSink(next: Sink): Sink {
  const previous = sink;
  sink = next;
  return previous;
}

/** The entry's detail: the key a member acted through first, so no cap ever cuts it off. */
function detailOf(detail: AuditInput["detail"], apiKey: AuditActor["apiKey"]): string | null {
  const all = apiKey ? { api_key: apiKey.prefix, api_key_id: apiKey.id, ...detail } : detail;
  return all && Object.keys(all).length ? cap(JSON.stringify(all), 1000) : null;
}

export async function recordAudit(input: AuditInput): Promise<AuditEntry> {
  const actor = input.actor ?? SYSTEM;
  const entry: AuditEntry = {
    id: randomUUID(),
    created_at: (input.at ?? new Date()).toISOString(),
    actor_id: actor.id,
    // A tried username is whatever someone typed: kept short.
    actor: cap(actor.username, 128),
    action: input.action,
    target: input.target ? cap(input.target, 200) : null,
    outcome: input.outcome ?? "success",
    client_hash: input.clientHash ?? null,
    detail: detailOf(input.detail, actor.apiKey),
  };
  sink(`${JSON.stringify({ type: "audit", ...entry, detail: entry.detail ? JSON.parse(entry.detail) : null })}\n`);
  try {
    const db = await getDb();
    await db.insertInto("audit_log").values(entry).execute();
  } catch (error) {
    console.error(`Audit entry ${entry.action} could not be stored:`, error);
  }
  return entry;
}

/** The acting member and their client, from a request: the usual first half of an audit entry. */
export type AuditBy = Pick<AuditInput, "actor" | "clientHash">;

export function auditBy(request: Request, actor: AuditActor | null): AuditBy {
  return { actor: actor ? { id: actor.id, username: actor.username, apiKey: keyOf(actor) } : null, clientHash: clientHash(request) };
}

/** The key a member acts through, as an entry names it (none for a person at a browser or with a token). */
export function keyOf(actor: AuditActor): AuditActor["apiKey"] {
  return actor.apiKey ? { id: actor.apiKey.id, prefix: actor.apiKey.prefix } : undefined;
}
