import { useEffect } from "react";
import { useNavigate } from "react-router";
import { loginUrl, safeNext } from "./return-to";

/** How often an open admin page asks whether its session still lives (the specification's 60 s). */
export const SESSION_RECHECK_MS = 60_000;

declare global {
  interface Window {
    /** Test hook: a shorter recheck interval, set by the browser tests before the page loads. */
    __LUNARA_SESSION_RECHECK_MS__?: number;
  }
}

function interval(): number {
  const override = window.__LUNARA_SESSION_RECHECK_MS__;
  return typeof override === "number" && override >= 100 ? override : SESSION_RECHECK_MS;
}

/**
 * Rechecks the admin session every 60 seconds and when the tab becomes visible again; once it has
 * ended (logged out elsewhere, revoked, or past its 30 days) the page goes to /admin, replacing itself
 * in the history; after signing in again the admin comes back here. Network failures are ignored: being offline is not being logged out.
 */
export function useSessionRecheck() {
  const navigate = useNavigate();
  useEffect(() => {
    let stopped = false;
    let inFlight = false;
    async function check() {
      if (stopped || inFlight) return;
      inFlight = true;
      try {
        const response = await fetch("/admin/session", {
          credentials: "same-origin",
          cache: "no-store",
          headers: { Accept: "application/json" },
        });
        if (response.status === 401 && !stopped) {
          stopped = true;
          const here = safeNext(`${window.location.pathname}${window.location.search}`);
          await navigate(here ? loginUrl(here, "page") : "/admin", { replace: true });
        }
      } catch {
        // Offline or the server restarting: try again at the next tick.
      } finally {
        inFlight = false;
      }
    }
    const timer = window.setInterval(() => void check(), interval());
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [navigate]);
}
