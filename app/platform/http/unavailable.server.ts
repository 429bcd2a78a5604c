/**
 * Storage work of a page action (a write the visitor is waiting for). A failure (the database locked,
 * unreachable, a disk error) is logged once and answered by the page's own "please try again" (503)
 * instead of an error page. The API's edge does the same for every API route (~/platform/http/api.server.ts).
 */
export async function orUnavailable<T>(label: string, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    console.error(`${label} failed:`, error);
    return { ok: false };
  }
}
