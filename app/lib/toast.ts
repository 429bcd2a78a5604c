/** A one-shot notice: "Success" or "Error" (destructive style) with an optional description. */
export type Toast = { type: "success" | "error"; title: string; description?: string };
