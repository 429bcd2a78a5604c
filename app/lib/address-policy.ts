import ipaddr from "ipaddr.js";

/**
 * Which network addresses the server may send to on a stranger's say-so (a webhook URL an owner
 * typed, decision 160): public unicast only. Loopback, private (10/8, 172.16/12, 192.168/16),
 * carrier-grade NAT (100.64/10), link-local (169.254/16 with the cloud metadata address, fe80::/10),
 * unique-local (fc00::/7), multicast, broadcast, unspecified, reserved and benchmarking ranges are
 * refused, as is an IPv6 address that embeds an IPv4 one unless that one is public.
 * WEBHOOK_ALLOW_PRIVATE names exceptions: host names, addresses or CIDRs, comma-separated.
 */
export type AllowList = { hosts: ReadonlySet<string>; ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][] };

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), ranges: [] };

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

/** Parses WEBHOOK_ALLOW_PRIVATE; throws a one-line reason naming what it did not understand. */
export function parseAllowList(raw: string | undefined): AllowList {
  const entries = (raw ?? "").split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  const bad: string[] = [];
  for (const entry of entries) {
    const bare = entry.replace(/^\[(.*)\]$/, "$1");
    try {
      if (bare.includes("/")) ranges.push(ipaddr.parseCIDR(bare));
      else if (ipaddr.isValid(bare)) {
        const address = ipaddr.parse(bare);
        ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
      } else if (HOST_NAME.test(bare)) hosts.add(bare.replace(/\.$/, ""));
      else bad.push(entry);
    } catch {
      bad.push(entry);
    }
  }
  if (bad.length > 0) throw new Error(`must be host names, addresses or CIDRs, comma-separated (not understood: ${bad.join(", ")})`);
  return { hosts, ranges };
}

/** An address as one kind: an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is its IPv4 address. */
function normalized(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

const BENCHMARKING = ipaddr.parseCIDR("198.18.0.0/15");

/** Whether an address is public unicast (see above). */
export function isPublicAddress(address: string): boolean {
  const parsed = normalized(address);
  if (!parsed || parsed.range() !== "unicast") return false;
  return !(parsed.kind() === "ipv4" && (parsed as ipaddr.IPv4).match(BENCHMARKING as [ipaddr.IPv4, number]));
}

/** Whether the allow list names this address (or a range holding it). */
export function allowedAddress(list: AllowList, address: string): boolean {
  const parsed = normalized(address);
  if (!parsed) return false;
  return list.ranges.some(([range, bits]) => range.kind() === parsed.kind() && (parsed as ipaddr.IPv4).match(range as ipaddr.IPv4, bits));
}

/** Whether the allow list names this host (its name as written in the URL, without brackets). */
export function allowedHost(list: AllowList, host: string): boolean {
  return list.hosts.has(host.toLowerCase().replace(/\.$/, ""));
}
