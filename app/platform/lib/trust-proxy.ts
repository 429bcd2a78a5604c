import ipaddr from "ipaddr.js";

/**
 * TRUST_PROXY: which hops in front of this server may say who the client is (`X-Forwarded-For`,
 * `X-Forwarded-Proto`, `X-Request-Id`). Never "every hop": behind a proxy that appends to
 * `X-Forwarded-For`, trusting every hop lets a client put any address first and escape every limit.
 *
 * - unset, `false`, `0`: no proxy; the socket's peer is the client.
 * - a hop count `N`: the N nearest hops are proxies (one load balancer: `1`).
 * - a comma-separated list of proxy addresses or CIDRs (`10.0.0.0/8, 2001:db8::/32`), or the names
 *   `loopback`, `linklocal`, `uniquelocal`: hops from those addresses are proxies.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: string[] };

const NAMED = new Set(["loopback", "linklocal", "uniquelocal"]);

function validEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length || !address || !ipaddr.isValid(address)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  const max = ipaddr.parse(address).kind() === "ipv4" ? 32 : 128;
  return Number(bits) <= max;
}

/** Parses the variable; throws a one-line reason for anything else. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false" || value === "no" || value === "0") return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error("must be a hop count from 0 to 10, or a list of proxy addresses/CIDRs");
    return { kind: "hops", hops };
  }
  if (["true", "yes", "all", "*"].includes(value.toLowerCase())) {
    throw new Error(
      "must be a hop count (1 for one load balancer) or a list of proxy addresses/CIDRs; trusting every hop lets a client choose its own address",
    );
  }
  const list = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  const bad = list.filter((entry) => !validEntry(entry));
  if (bad.length || list.length === 0) {
    throw new Error(`must be a hop count or a list of proxy addresses/CIDRs (not understood: ${bad.join(", ") || value})`);
  }
  return { kind: "list", list };
}
