import { fixedT } from "~/platform/i18n/i18n.server";
import { brand, env } from "~/platform/lib/env.server";
import { GS1_PREFIX, GS1_VOC, OWN_PREFIX, ownNamespace } from "./link-types";
import { LINKSET_CONTEXT } from "./respond.server";

/**
 * The resolver's description file, `/.well-known/gs1resolver` (GS1-Conformant resolver 1.2.0, its
 * description-file schema; decision 190): the resolver's root (SITE_URL's origin), the one primary key
 * it answers (the GTIN, AI 01), the link type namespaces it knows (GS1's and the site's own), that a
 * linkset may be a URI's default answer (`Accept: application/linkset+json`), the JSON-LD context of its
 * linksets, and who runs it.
 */
export function resolverDescription() {
  const site = env().SITE_URL;
  const { name } = brand();
  return {
    name: fixedT("en", "resolver")("resolverName", { brand: name }),
    resolverRoot: new URL(site).origin,
    supportedPrimaryKeys: ["01"],
    supportedLinkType: [
      { namespace: GS1_VOC, prefix: GS1_PREFIX },
      { namespace: ownNamespace(site), prefix: OWN_PREFIX },
    ],
    linkTypeDefaultCanBeLinkset: true,
    jsonLdContextLocation: LINKSET_CONTEXT,
    contact: { fn: name },
  };
}
