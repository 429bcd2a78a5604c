// at: app/ui/fixture-toast.tsx
import { toastCookie } from "~/http/toast.server";

export function Toast() {
  return <p>{toastCookie.name}</p>;
}
