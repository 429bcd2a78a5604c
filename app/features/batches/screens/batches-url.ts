import type { ExportKind } from "../schemas";

export const BATCHES_PATH = "/admin/dashboard/batches";

/** A run's page (with any extra query parameters). */
export function batchHref(id: string, extra: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined && v !== "") params.set(k, String(v));
  const query = params.toString();
  return `${BATCHES_PATH}/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
}

const FILES: Record<ExportKind, string> = { csv: "codes.csv", pdf: "labels.pdf", zip: "labels.zip", nfc: "nfc.csv" };

/** A run's download on the admin screens (the cookie session; the API has the same under /api/v1/). */
export function downloadHref(id: string, kind: ExportKind, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query).toString();
  return `${BATCHES_PATH}/${encodeURIComponent(id)}/${FILES[kind]}${params ? `?${params}` : ""}`;
}
