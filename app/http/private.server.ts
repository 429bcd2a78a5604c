import { data } from "react-router";

/**
 * Admin-only answers are never cached or indexed: a route's `headers` (`export const headers =
 * privateHeaders`) and its loader's data (`return privateData(value)`).
 */
export const privateHeaders = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });

export const privateData = <T>(value: T) => data(value, { headers: { "Cache-Control": "no-store" } });
