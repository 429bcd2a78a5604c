import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";

describe("isPublicAddress (the webhook guard's rule, decision 160)", () => {
  it("takes public IPv4 and global unicast IPv6", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:93.184.216.34"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses every IPv6 range that is not global unicast, and every form that embeds an IPv4 address", () => {
    const refused = [
      // Issue 42's N12: local-use NAT64 embedding 169.254.169.254, IPv4-compatible loopback, the discard prefix.
      "64:ff9b:1::a9fe:a9fe",
      "::127.0.0.1",
      "::7f00:1",
      "100::1",
      // NAT64's well-known prefix, SIIT, 6to4 and Teredo around the metadata address; IPv4-mapped private.
      "64:ff9b::a9fe:a9fe",
      "::ffff:0:a9fe:a9fe",
      "2002:a9fe:a9fe::1",
      "2001:0:a9fe:a9fe::1",
      "::ffff:169.254.169.254",
      "::ffff:10.0.0.1",
      // The IETF block (benchmarking, ORCHID), documentation, site-local, ULA, link-local, multicast, loopback, unspecified.
      "2001:2::1",
      "2001:20::1",
      "2001:db8::1",
      "3fff::1",
      "fec0::1",
      "fd00::1",
      "fe80::1",
      "ff02::1",
      "::1",
      "::",
      "5f00::1",
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it("still refuses private, loopback, link-local, CGNAT, benchmarking and reserved IPv4", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "198.18.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "240.0.0.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
