/** The one client-IP function of /v1 and /api: Express's `trust proxy` semantics, walked from the right. */
import { describe, expect, it } from "vitest";
import { clientAddressResolver, isTrustEntry, rateLimitKey } from "../../server/engine/guard/client-ip.ts";

describe("clientAddressResolver", () => {
  it("trustProxy false: the socket's peer, whatever X-Forwarded-For says", () => {
    const resolve = clientAddressResolver(false);
    expect(resolve("203.0.113.7", "1.2.3.4")).toBe("203.0.113.7");
    expect(resolve("::ffff:203.0.113.7", null)).toBe("203.0.113.7");
    expect(resolve(undefined, null)).toBe("unknown");
  });

  it("trustProxy true: loopback proxies are passed, the first untrusted address from the right is the client", () => {
    const resolve = clientAddressResolver(true);
    // The leftmost entries are the client's own words: never believed.
    expect(resolve("127.0.0.1", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    expect(resolve("127.0.0.1", "198.51.100.9, 127.0.0.1")).toBe("198.51.100.9");
    expect(resolve("::1", "2001:db8::5")).toBe("2001:db8::5");
    // A peer that is not a trusted proxy is the client itself.
    expect(resolve("198.51.100.20", "6.6.6.6")).toBe("198.51.100.20");
  });

  it("a hop count trusts that many proxies from the right", () => {
    const resolve = clientAddressResolver(2);
    expect(resolve("10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.1")).toBe("198.51.100.9");
    expect(clientAddressResolver(1)("10.0.0.2", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    // More hops trusted than there are: the leftmost address is the best there is.
    expect(clientAddressResolver(5)("10.0.0.2", "198.51.100.9")).toBe("198.51.100.9");
  });

  it("a list of addresses and CIDR ranges", () => {
    const resolve = clientAddressResolver(["10.0.0.0/8", "2001:db8:1::/48", "192.0.2.1"]);
    expect(resolve("10.1.2.3", "6.6.6.6, 203.0.113.5, 192.0.2.1")).toBe("203.0.113.5");
    expect(resolve("2001:db8:1::9", "203.0.113.5")).toBe("203.0.113.5");
    expect(resolve("192.0.2.2", "203.0.113.5")).toBe("192.0.2.2");
  });

  it("anything that is not an IP ends the walk at the last address trusted so far", () => {
    const resolve = clientAddressResolver(true);
    expect(resolve("127.0.0.1", "1.1.1.1, garbage")).toBe("127.0.0.1");
    expect(resolve("127.0.0.1", "1.1.1.1, unknown, 127.0.0.5")).toBe("127.0.0.5");
    expect(resolve("127.0.0.1", "")).toBe("127.0.0.1");
  });

  it("reads only the end of a long header: 11 KB of unique junk on the left changes nothing", () => {
    const resolve = clientAddressResolver(true);
    for (let i = 0; i < 20; i++) {
      const junk = Array.from({ length: 1000 }, (_, j) => `10.${i % 250}.${j % 250}.${(i * j) % 250}`).join(", ");
      expect(junk.length).toBeGreaterThan(11_000);
      expect(resolve("127.0.0.1", `${junk}, 198.51.100.9`)).toBe("198.51.100.9");
    }
  });

  it("normalises the spellings of one address", () => {
    const resolve = clientAddressResolver(true);
    expect(resolve("127.0.0.1", "[2001:DB8::5]")).toBe("2001:db8::5");
    expect(resolve("127.0.0.1", "::FFFF:198.51.100.9")).toBe("198.51.100.9");
  });
});

describe("one client, every spelling of its address (trustProxy on)", () => {
  const resolve = clientAddressResolver(true);
  it.each([
    "198.51.100.7",
    "::ffff:198.51.100.7",
    "::FFFF:198.51.100.7",
    "0:0:0:0:0:ffff:198.51.100.7",
    "0000:0000:0000:0000:0000:ffff:c633:6407",
    "::ffff:c633:6407",
    "[::ffff:198.51.100.7]",
  ])("%s is 198.51.100.7, with the same rate key", (spelling) => {
    expect(resolve("127.0.0.1", spelling)).toBe("198.51.100.7");
    expect(rateLimitKey(resolve("127.0.0.1", spelling))).toBe("198.51.100.7");
  });

  it("keeps different mapped clients apart (they no longer share one IPv6 /64 key)", () => {
    const keys = ["::ffff:c633:6407", "::ffff:c633:6408", "::ffff:0a00:0001"].map((spelling) => rateLimitKey(resolve("127.0.0.1", spelling)));
    expect(keys).toEqual(["198.51.100.7", "198.51.100.8", "10.0.0.1"]);
  });

  it("spells IPv6 one way: compressed, lowercase, no zone", () => {
    for (const spelling of ["2001:DB8:0:0:0:0:0:5", "2001:0db8:0000:0000:0000:0000:0000:0005", "2001:db8::5%eth0", "[2001:db8::5]"]) {
      expect(resolve("127.0.0.1", spelling)).toBe("2001:db8::5");
    }
  });

  it("takes no unusual IPv4 spelling as an address", () => {
    expect(resolve("127.0.0.1", "127.1")).toBe("127.0.0.1");
    expect(resolve("127.0.0.1", "0x7f.0.0.1")).toBe("127.0.0.1");
  });
});

describe("rateLimitKey", () => {
  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(rateLimitKey("198.51.100.9")).toBe("198.51.100.9");
    expect(rateLimitKey("2001:db8:aa:bb:1::1")).toBe("2001:0db8:00aa:00bb::/64");
    expect(rateLimitKey("2001:db8:aa:bb:ffff::2")).toBe(rateLimitKey("2001:db8:aa:bb::3"));
    expect(rateLimitKey("2001:db8:aa:bc::1")).not.toBe(rateLimitKey("2001:db8:aa:bb::1"));
  });
});

describe("isTrustEntry", () => {
  it.each([
    ["10.0.0.1", true],
    ["10.0.0.0/8", true],
    ["::1", true],
    ["fc00::/7", true],
    ["loopback", true],
    ["uniquelocal", true],
    ["10.0.0.0/33", false],
    ["::/129", false],
    ["proxy.example", false],
    ["10.0.0.0/8/8", false],
  ])("%s → %s", (entry, valid) => expect(isTrustEntry(entry)).toBe(valid));
});
