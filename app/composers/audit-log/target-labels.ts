import type { Language } from "~/platform/i18n/languages";

/**
 * An audit entry's target as people read it: the trail keeps `kind:key` ("batch:LOT-7",
 * "alert:0193…", "admin:sara"); the audit screen and its API name it at read time ("print run LOT-7
 * (Hydra Calm)"), linked while the thing still exists. The features that own each kind do the
 * naming (app/composers/audit-log/audit-targets.server.ts); an unknown or deleted target keeps its raw text.
 */
export type TargetLabel = {
  /** The name, values isolated (~/platform/lib/bidi): rendered with BidiText, plain in the API. */
  text: string;
  /** Where the thing is shown today, or null when it is gone (or has no page). */
  href: string | null;
};

/** Names the targets given (each once), by their raw text; targets left out keep their raw text. */
export type TargetLabeler = (targets: readonly (string | null)[], language: Language) => Promise<Map<string, TargetLabel>>;

/** The kinds a trail's targets are of, with their keys: `{ batch: ["LOT-7"], alert: [...] }`. */
export function targetsByKind(targets: readonly (string | null)[]): Map<string, string[]> {
  const kinds = new Map<string, string[]>();
  for (const target of new Set(targets)) {
    if (!target) continue;
    const at = target.indexOf(":");
    if (at <= 0) continue;
    const kind = target.slice(0, at);
    const keys = kinds.get(kind) ?? [];
    keys.push(target.slice(at + 1));
    kinds.set(kind, keys);
  }
  return kinds;
}
