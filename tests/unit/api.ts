import { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "~/i18n/i18n.server";

/**
 * Calls an API route's handler as the server does (behind the i18n middleware), with a bearer token
 * unless `auth` is null; a thrown Response is the answer. Returns the status, headers and body (JSON
 * when it is JSON, else text).
 */
export type Handler = (args: never) => unknown;

export async function callApi(handler: Handler, url: string, init: RequestInit & { auth?: string | null } = {}, params: Record<string, string> = {}) {
  const headers = new Headers(init.headers);
  if (init.auth) headers.set("Authorization", `Bearer ${init.auth}`);
  const request = new Request(url, { ...init, headers });
  const context = new RouterContextProvider();
  let answer: Response | undefined;
  await i18nextMiddleware({ request, context, params } as never, async () => {
    try {
      answer = (await handler({ request, context, params } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) answer = thrown;
      else throw thrown;
    }
    return answer;
  });
  const text = await answer!.text();
  const isJson = answer!.headers.get("content-type")?.includes("json");
  return { status: answer!.status, headers: answer!.headers, body: isJson ? JSON.parse(text) : text };
}

export const jsonBody = (body: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
