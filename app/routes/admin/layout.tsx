import { Outlet } from "react-router";
import { adminMiddleware } from "~/auth/guard.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export default function AdminLayout() {
  return <Outlet />;
}
