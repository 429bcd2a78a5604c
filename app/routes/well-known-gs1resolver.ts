import { withCors } from "~/platform/http/cors.server";
import { resolverDescription } from "~/features/resolver/description.server";

/**
 * `GET /.well-known/gs1resolver`: the GS1-Conformant resolver's description file (decision 190), JSON
 * any origin may read.
 */
export function loader() {
  const headers = withCors(new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" }));
  return new Response(JSON.stringify(resolverDescription()), { headers });
}
