import { Outlet } from "react-router";
import { AdminPageError } from "~/composers/admin/screens/frame";
import type { Route } from "./+types/pages";

/**
 * The admin pages' own boundary, inside the admin's frame: a page or action the member's role may
 * not use answers 403 and shows the localized refusal here, with the menu of what they may use.
 */
export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
