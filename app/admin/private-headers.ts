/** The headers of every admin page: never cached, never indexed (the admin layout's guard sets them too). */
export function privateHeaders() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}
