import { createCookie, data, redirect } from "react-router";
import type { Toast } from "~/platform/lib/toast";

/**
 * One-shot notice carried by a cookie, so it also shows after a redirect without JavaScript.
 * The root loader reads it; the root middleware clears it once a page has shown it.
 */
export const toastCookie = createCookie("toast", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function readToast(request: Request): Promise<Toast | null> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { type, title, description } = value as Record<string, unknown>;
  if ((type !== "success" && type !== "error" && type !== "warning") || typeof title !== "string") return null;
  return { type, title, description: typeof description === "string" ? description : undefined };
}

async function withToast(toast: Toast, init: ResponseInit) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return headers;
}

/** A redirect that shows `toast` on the page it leads to (Post/Redirect/Get, with or without JavaScript). */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  return redirect(url, { ...init, headers: await withToast(toast, init) });
}

/** Data for a fetcher, with `toast` for the page that revalidates after it. */
export async function dataWithToast<T>(value: T, toast: Toast, init: ResponseInit = {}) {
  return data(value, { ...init, headers: await withToast(toast, init) });
}

/** Appends the clearing cookie to a non-redirect response when the request carried a toast. */
export async function clearShownToast(request: Request, response: Response): Promise<void> {
  const cookies = request.headers.get("Cookie") ?? "";
  if (!/(?:^|;\s*)toast=/.test(cookies)) return;
  if (response.status >= 300 && response.status < 400) return;
  if ((response.headers.get("Set-Cookie") ?? "").includes("toast=")) return;
  response.headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
}
