import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";

export type Handler = (args: never) => unknown;

type CallInit = RequestInit & { auth?: string | null };

/**
 * Calls an API route's handler as the server does (behind the i18n middleware), with a bearer token
 * unless `auth` is null; a thrown Response is the answer. Returns the status, headers and body (JSON
 * when it is JSON, else text).
 */
export async function callApi(handler: Handler, url: string, init: CallInit = {}, params: Record<string, string> = {}) {
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

const base = "http://localhost:3000/api/v1";

/**
 * Signs an owner in before the file's tests (a `beforeAll`) and returns a caller of the routes under
 * `/api/v1` with their bearer token (`auth: null` sends none).
 */
export function signedInCaller(username: string, password: string) {
  let token = "";
  beforeAll(async () => {
    const admin = await createOrResetAdmin(username, password);
    token = (await startSession({ id: admin.id, username: admin.username })).accessToken;
  });
  return (handler: Handler, path: string, init: CallInit = {}, params: Record<string, string> = {}) =>
    callApi(handler, `${base}${path}`, { auth: token, ...init }, params);
}

/** An endpoint as the bearer-token test calls it: name, handler, path under `/api/v1`, request, params. */
export type Endpoint = [name: string, handler: Handler, path: string, init: RequestInit, params: Record<string, string>];

/** A describe with one test per endpoint: without a bearer token each answers 401, status code 6001, no data. */
export function describeBearerRequired(title: string, endpoints: Endpoint[]) {
  describe(title, () => {
    for (const [name, handler, path, init, params] of endpoints) {
      it(name, async () => {
        const res = await callApi(handler, `${base}${path}`, { ...init, auth: null }, params);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ status_code: 6001, data: null });
      });
    }
  });
}
