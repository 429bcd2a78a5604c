import { useRouteLoaderData } from "react-router";
import { can, type Permission, type Role } from "./permissions";

/**
 * Whether the signed-in member's role may do `permission`, from the admin layout's data: a screen
 * shows no control its reader cannot use (the server checks every action again).
 */
export function useCan(permission: Permission): boolean {
  const layout = useRouteLoaderData("routes/admin/layout") as { role?: Role } | undefined;
  return layout?.role ? can(layout.role, permission) : false;
}
