// at: app/platform/ui/fixture-toast.tsx
import { toastCookie } from "~/platform/http/toast.server";

export function Toast() {
  return <p>{toastCookie.name}</p>;
}
