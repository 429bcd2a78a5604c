/**
 * Refusals the HTTP layer answers on its own (today: a cross-site write, `request-guard.server.ts`),
 * heard by the audit trail without http/ knowing it: app/platform/audit/refusals.server.ts registers its
 * listener as the application loads (app/runtime.server.ts). A listener that fails never changes the
 * answer.
 */
type EdgeRefusal = { reason: "cross_site"; method: string; path: string };
type RefusalListener = (request: Request, refusal: EdgeRefusal) => Promise<unknown>;

let listener: RefusalListener | null = null;

/** Registers (or replaces) the one listener; null removes it. */
export function onEdgeRefusal(next: RefusalListener | null): void {
  listener = next;
}

export async function reportEdgeRefusal(request: Request, refusal: EdgeRefusal): Promise<void> {
  if (!listener) return;
  try {
    await listener(request, refusal);
  } catch (error) {
    console.error("A refusal could not be recorded:", error);
  }
}
