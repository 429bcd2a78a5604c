/**
 * A one-shot notice with an optional description: "success", "error" (destructive style) or "warning"
 * (amber: a genuine answer that asks the shopper to act, a recalled product's check).
 */
export type Toast = { type: "success" | "error" | "warning"; title: string; description?: string };
