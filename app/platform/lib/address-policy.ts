import ipaddr from "ipaddr.js";

/**
 * Which network addresses the server may send to on a stranger's say-so (a webhook URL an owner
 * typed, decision 160): public unicast only. Loopback, private (10/8, 172.16/12, 192.168/16),
 * carrier-grade NAT (100.64/10), link-local (169.254/16 with the cloud metadata address, fe80::/10),
 * unique-local (fc00::/7), multicast, broadcast, unspecified, reserved and benchmarking ranges are
 * refused. An IPv6 address must be global unicast (2000::/3) outside the blocks that are not: the
 * IETF's special-purpose 2001::/23 (Teredo, benchmarking, ORCHID), documentation (2001:db8::/32,
 * 3fff::/20) and 6to4 (2002::/16); so every form that embeds an IPv4 address (NAT64 64:ff9b::/96 and
 * its local-use 64:ff9b:1::/48, IPv4-compatible ::/96, SIIT, 6to4, Teredo) and the discard prefix
 * 100::/64 are refused too. An IPv4-mapped address (`::ffff:127.0.0.1`) is its IPv4 address.
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

const BENCHMARKING = ipaddr.parseCIDR("198.18.0.0/15") as [ipaddr.IPv4, number];
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];
/** Blocks inside 2000::/3 that are not global unicast (IANA's IPv6 special-purpose registry). */
const NOT_GLOBAL = ["2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20"].map((cidr) => ipaddr.parseCIDR(cidr) as [ipaddr.IPv6, number]);

/** Whether an address is public unicast (see above). */
export function isPublicAddress(address: string): boolean {
  const parsed = normalized(address);
  if (!parsed) return false;
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast" && !(parsed as ipaddr.IPv4).match(BENCHMARKING);
  const v6 = parsed as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST) && !NOT_GLOBAL.some((block) => v6.match(block));
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
