import { isRouteErrorResponse } from "react-router";
import { log } from "~/platform/lib/log.server";

/**
 * React Router's `handleError` (exported by entry.server.tsx): what the framework reports while serving.
 * A refusal it makes itself (a 4xx such as a POST to a page without an action, 405) is the visitor's
 * mistake, not the server's: one info line with its status and reason, never an error with a stack
 * (issue 42, N11; the access log has its own line). Anything else is a real failure and is logged as
 * React Router does by default, at error level with its stack. Nothing is logged for an aborted request.
 */
export function handleServerError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const inner = (error as { error?: unknown }).error;
    const reason = inner instanceof Error ? inner.message : error.statusText;
    log().info("request refused", { status: error.status, method: request.method, reason: reason.slice(0, 200) });
    return;
  }
  console.error(isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error);
}
