import { CODE_PASTE_MAX } from "~/platform/codes/code-format";
import type { CodeTab } from "../codes.server";

export const CODES_PATH = "/admin/dashboard/codes";

/** The codes screen's filters: one print run (`?batch=`) and/or one exact code (`?code=`). */
export type CodesFilter = { batch: string | null; code: string | null };

/** The filters of a codes screen URL (empty values are no filter). */
export function codesFilterOf(params: URLSearchParams): CodesFilter {
  const value = (name: string) => params.get(name)?.trim().slice(0, CODE_PASTE_MAX) || null;
  return { batch: value("batch"), code: value("code") };
}

/**
 * The codes screen's URL for a tab and page, keeping its filters (and any extra parameters, such as a
 * pending confirmation).
 */
export function codesHref(tab: CodeTab, page = 1, extra: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  if (tab !== "active") params.set("status", tab);
  if (page > 1) params.set("page", String(page));
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  const query = params.toString();
  return `${CODES_PATH}${query ? `?${query}` : ""}`;
}
