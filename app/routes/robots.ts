import { env } from "~/platform/lib/env.server";
import { buildRobots } from "~/features/site/sitemap";

export function loader() {
  return new Response(buildRobots(env().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
