import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { apiError } from "~/api/envelope.server";

/**
 * The contract every admin page, action and API call relies on. Deny-all until sign-in lands:
 * the admin-auth work replaces these bodies, keeping the signatures.
 */
export type AdminIdentity = { id: string; username: string };

export const adminContext = createContext<AdminIdentity | null>(null);

/**
 * Middleware of the admin layout route: checks the access-token cookie (refreshing it transparently
 * when expired), stores the admin in the context, marks the response no-store/noindex, or redirects
 * to /admin (replacing history) with both cookies cleared.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async () => {
  throw redirect("/admin");
};

/** The signed-in admin of this request; only valid below adminMiddleware. */
export function getAdmin(context: Readonly<RouterContextProvider>): AdminIdentity {
  const admin = context.get(adminContext);
  if (!admin) throw redirect("/admin");
  return admin;
}

/** For admin API calls: the admin of a valid `Authorization: Bearer` token, or a thrown 401 envelope. */
export async function requireApiAdmin(_request: Request): Promise<AdminIdentity> {
  throw apiError(401, "Authentication required", "unauthenticated");
}
