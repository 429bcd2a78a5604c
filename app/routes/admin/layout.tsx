import { Outlet } from "react-router";
import { adminMiddleware } from "~/auth/guard.server";
import { useSessionRecheck } from "~/auth/use-session-recheck";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export default function AdminLayout() {
  useSessionRecheck();
  return <Outlet />;
}
