import { useSyncExternalStore } from "react";
import { useLocation, useNavigation } from "react-router";

const subscribe = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** True while the page's form with this `intent` is being submitted (its button shows its pending label). */
export function useIntentPending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === intent;
}

/** True while the current list reloads itself (another page of it, other filters): not while a form is sent. */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname && !navigation.formMethod;
}
