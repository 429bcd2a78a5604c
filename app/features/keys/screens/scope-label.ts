import type { Scope } from "~/platform/access/permissions";

type Underscored<S extends string> = S extends `${infer A}:${infer E}` ? `${A}_${E}` : never;

/** The dictionary key ("keys" namespace) of a scope's description: `read:scans` → `scopes.read_scans`. */
export function scopeLabelKey(scope: Scope) {
  return `scopes.${scope.replace(":", "_") as Underscored<Scope>}` as const;
}
