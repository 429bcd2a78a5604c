import { env } from "~/platform/lib/env.server";
import { buildSitemap } from "~/features/site/sitemap";

export function loader() {
  return new Response(buildSitemap(env().SITE_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
