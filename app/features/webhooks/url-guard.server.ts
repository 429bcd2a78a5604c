import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { allowedAddress, allowedHost, isPublicAddress, type AllowList } from "~/platform/lib/address-policy";
import { env } from "~/platform/lib/env.server";
import { fail, ok, type Result } from "~/platform/lib/result";

/**
 * The SSRF guard of managed webhooks (decision 160). A URL an owner gives is checked when it is saved
 * AND before every attempt: `https` only (`http` too with WEBHOOK_ALLOW_HTTP=true), no user name or
 * password in it, and every address its host resolves to public (~/platform/lib/address-policy) unless
 * WEBHOOK_ALLOW_PRIVATE names the host or the address. The attempt then connects to the address
 * this check resolved (`pinnedLookup`), so a DNS answer that changes between the check and the
 * connection (DNS rebinding) cannot send it elsewhere. Redirects are never followed (the sender).
 */
export type UrlRefusal = "url_invalid" | "url_scheme" | "url_unresolved" | "url_private";

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export type UrlPolicy = { allowHttp: boolean; allowPrivate: AllowList; resolve: Resolver };

const systemResolve: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The policy of this process's environment. */
export function urlPolicy(overrides: Partial<UrlPolicy> = {}): UrlPolicy {
  const e = env();
  return { allowHttp: e.WEBHOOK_ALLOW_HTTP, allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, resolve: systemResolve, ...overrides };
}

export type VettedUrl = { url: URL; address: string; family: 4 | 6 };

/** Checks a URL and resolves its host; the address to connect to, or why not. */
export async function vetUrl(raw: string, policy: UrlPolicy = urlPolicy()): Promise<Result<VettedUrl, UrlRefusal>> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("url_invalid");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) return fail("url_scheme");
  if (url.username || url.password || !url.hostname) return fail("url_invalid");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      return fail("url_unresolved");
    }
  }
  if (addresses.length === 0) return fail("url_unresolved");
  const named = allowedHost(policy.allowPrivate, host);
  // Every address must pass: a host answering one public and one private address is refused.
  const safe = addresses.every(({ address }) => named || isPublicAddress(address) || allowedAddress(policy.allowPrivate, address));
  if (!safe) return fail("url_private");
  const first = addresses[0]!;
  return ok({ url, address: first.address, family: first.family === 6 ? 6 : 4 });
}

/** A `lookup` for the connection that answers the vetted address, whatever the name resolves to now. */
export function pinnedLookup(vetted: VettedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (typeof options === "object" && options?.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  };
}
