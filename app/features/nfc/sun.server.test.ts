import { describe, expect, it } from "vitest";
import { AN12196, newKey, newUid, tap } from "../../../tests/unit/tags";
import { aesCmac, cmacSubkeys, decryptPiccData, isTagMac, sdmMac, sessionKey, sessionVector } from "./sun.server";

const hex = (value: string) => Buffer.from(value, "hex");
const upper = (value: Buffer) => value.toString("hex").toUpperCase();

// RFC 4493, section 4: the key and the four messages (0, 16, 40 and 64 bytes) of its examples.
const RFC_KEY = hex("2b7e151628aed2a6abf7158809cf4f3c");
const RFC_MESSAGE = hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");

describe("AES-CMAC (RFC 4493)", () => {
  it("derives the subkeys of section 4", () => {
    const { k1, k2 } = cmacSubkeys(RFC_KEY);
    expect(k1.toString("hex")).toBe("fbeed618357133667c85e08f7236a8de");
    expect(k2.toString("hex")).toBe("f7ddac306ae266ccf90bc11ee46d513b");
  });

  it.each([
    [0, "bb1d6929e95937287fa37d129b756746"],
    [16, "070a16b46b4d4144f79bdd9dd04a287c"],
    [40, "dfa66747de9ae63030ca32611497c827"],
    [64, "51f0bebf7e3b9d92fc49741779363cfe"],
  ])("example of %i bytes", (length, expected) => {
    expect(aesCmac(RFC_KEY, RFC_MESSAGE.subarray(0, length)).toString("hex")).toBe(expected);
  });

  it("refuses a key that is not 16 bytes", () => {
    expect(() => aesCmac(Buffer.alloc(15), Buffer.alloc(0))).toThrow(/16 bytes/);
  });
});

describe("SUN messages (NXP AN12196)", () => {
  it("Table 1: the session keys of a non-zero file-read key", () => {
    const key = hex("5ACE7E50AB65D5D51FD5BF5A16B8205B");
    expect(upper(sessionVector("04C767F2066180", 1))).toBe("3CC30001008004C767F2066180010000");
    expect(upper(sessionKey(key, "04C767F2066180", 1))).toBe("3A3E8110E05311F7A3FCF0D969BF2B48");
    expect(upper(sessionKey(key, "04C767F2066180", 1, "enc"))).toBe("66DA61797E23DECA5D8ECA13BBADF7A9");
  });

  it("Tables 2 and 4: the PICCData decrypts to UID 04DE5F1EACC040, counter 61, and its MAC is 94EED9EE65337086", () => {
    const zero = hex(AN12196.metaReadKey);
    expect(decryptPiccData(zero, hex(AN12196.e))).toEqual({ tag: 0xc7, uid: "04DE5F1EACC040", counter: 61 });
    expect(upper(sessionKey(zero, AN12196.uid, 61))).toBe("3FB5F6E3A807A03D5E3570ACE393776F");
    expect(upper(aesCmac(sessionKey(zero, AN12196.uid, 61), Buffer.alloc(0)))).toBe("E194C7EE12D9F7EE8A65C8331B704386");
    expect(upper(sdmMac(zero, AN12196.uid, 61))).toBe(AN12196.c);
    expect(isTagMac(zero, AN12196.uid, 61, hex(AN12196.c))).toBe(true);
  });

  it("Table 5: a session key and a MAC over 38 bytes (more than one block, the last one incomplete)", () => {
    const zero = Buffer.alloc(16);
    expect(decryptPiccData(zero, hex("FD91EC264309878BE6345CBE53BADF40"))).toEqual({ tag: 0xc7, uid: "04958CAA5C5E80", counter: 8 });
    const session = sessionKey(zero, "04958CAA5C5E80", 8);
    expect(upper(session)).toBe("3ED0920E5E6A0320D823D5987FEAFBB1");
    expect(upper(aesCmac(session, Buffer.from("CEE9A53E3E463EF1F459635736738962&cmac=", "ascii")))).toBe("81EC45C175E72FF6FAC61BC7AB3BAEF6");
  });

  it("refuses a flipped MAC bit, another counter, another key, and a PICCData it cannot read", () => {
    const zero = Buffer.alloc(16);
    const flipped = hex(AN12196.c);
    flipped[7]! ^= 0x01;
    expect(isTagMac(zero, AN12196.uid, 61, flipped)).toBe(false);
    expect(isTagMac(zero, AN12196.uid, 62, hex(AN12196.c))).toBe(false);
    expect(isTagMac(hex("00112233445566778899AABBCCDDEEFF"), AN12196.uid, 61, hex(AN12196.c))).toBe(false);
    expect(isTagMac(zero, AN12196.uid, 61, hex(AN12196.c).subarray(0, 7))).toBe(false);
    expect(decryptPiccData(hex("00112233445566778899AABBCCDDEEFF"), hex(AN12196.e))).toBeNull();
    expect(decryptPiccData(zero, hex(AN12196.e).subarray(0, 15))).toBeNull();
  });

  it("reads back what a simulated tag writes, at the counter's ends", () => {
    const tag = { uid: newUid(), metaReadKey: newKey(), fileReadKey: newKey() };
    for (const counter of [0, 1, 255, 256, 65_536, 0xffffff]) {
      const { e, c } = tap(tag, counter);
      expect(decryptPiccData(hex(tag.metaReadKey), hex(e))).toEqual({ tag: 0xc7, uid: tag.uid, counter });
      expect(isTagMac(hex(tag.fileReadKey), tag.uid, counter, hex(c))).toBe(true);
    }
  });
});
