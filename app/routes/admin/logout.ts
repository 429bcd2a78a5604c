import { auditBy, recordAudit } from "~/platform/audit/audit.server";
import { appendCookies, clearedSessionCookies, readSessionCookies } from "~/features/sessions/cookies.server";
import { markPrivate } from "~/platform/http/private.server";
import { endSession } from "~/features/sessions/sessions.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";

/** Logging out changes state, so a GET never does it: it only goes to the login page. */
export function loader() {
  return redirect("/admin");
}

/** POST /admin/logout: ends the session on the server, clears both cookies, says so, goes to /admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(context, "auth");
  const headers = appendCookies(markPrivate(new Headers()), clearedSessionCookies());
  try {
    const ended = await endSession(readSessionCookies(request));
    if (ended) await recordAudit({ ...auditBy(request, ended), action: "sign_out", target: `session:${ended.sessionId}` });
  } catch (error) {
    console.error("Logout failed:", error);
    return redirectWithToast(
      "/admin",
      { type: "error", title: t("toast.logoutFailed"), description: error instanceof Error ? error.message : undefined },
      { headers },
    );
  }
  return redirectWithToast(
    "/admin",
    { type: "success", title: t("toast.logoutSuccess"), description: t("toast.logoutSuccessDescription") },
    { headers },
  );
}
