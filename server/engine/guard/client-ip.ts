/**
 * The client's address, for the rate limit and the statistics of `/v1` and `/api` alike.
 * Behind proxies it follows the convention users know from Express's `trust proxy`:
 * `X-Forwarded-For` is walked from the right, past the hops that are trusted; the first
 * address that is not trusted is the client. Entries further left are the client's own
 * words and are never believed; anything that is not an IP ends the walk. `trustProxy` is
 * `false` (the socket's peer is the client), `true` (trust loopback proxies), a number of
 * hops, or a list of addresses, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal`.
 */
import { BlockList, isIP } from "node:net";
import ipaddr from "ipaddr.js";

export type TrustProxy = boolean | number | readonly string[];

/** Longest `X-Forwarded-For` read, from the right: enough for 32 hops of IPv6 addresses. */
const MAX_FORWARDED_CHARS = 1536;

const NAMED_RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [["127.0.0.0", 8, "ipv4"], ["::1", 128, "ipv6"]],
  linklocal: [["169.254.0.0", 16, "ipv4"], ["fe80::", 10, "ipv6"]],
  uniquelocal: [["10.0.0.0", 8, "ipv4"], ["172.16.0.0", 12, "ipv4"], ["192.168.0.0", 16, "ipv4"], ["fc00::", 7, "ipv6"]],
};

/** Whether a `trustProxy` list entry is valid: an address, a CIDR range or a range name. */
export function isTrustEntry(entry: string): boolean {
  if (entry in NAMED_RANGES) return true;
  const [address, prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** A function from a request's socket address and `X-Forwarded-For` to the client's address. */
export function clientAddressResolver(trustProxy: TrustProxy): (socketAddress: string | undefined, forwardedFor: string | null) => string {
  const trusted = compileTrust(trustProxy);
  return (socketAddress, forwardedFor) => {
    let current = normalise(socketAddress) ?? "unknown";
    if (!trusted || !forwardedFor) return current;
    const entries = lastEntries(forwardedFor);
    for (let hop = 0; hop < entries.length; hop++) {
      if (!trusted(current, hop)) return current;
      const next = normalise(entries[hop]);
      if (!next) return current;
      current = next;
    }
    return current;
  };
}

/**
 * The rate limit's key for an address. An IPv6 client usually holds a whole /64, so its
 * addresses share one key: otherwise each of its 2^64 addresses would get a budget of its own.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipaddr.IPv6.parse(address).parts.slice(0, 4);
  return `${groups.map((g) => g.toString(16).padStart(4, "0")).join(":")}::/64`;
}

// --- internal ---

function compileTrust(trustProxy: TrustProxy): ((address: string, hop: number) => boolean) | undefined {
  if (trustProxy === false || trustProxy === 0) return undefined;
  if (typeof trustProxy === "number") return (_address, hop) => hop < trustProxy;
  const list = new BlockList();
  for (const entry of trustProxy === true ? ["loopback"] : trustProxy) {
    for (const [address, prefix, family] of NAMED_RANGES[entry] ?? [rangeOf(entry)]) list.addSubnet(address, prefix, family);
  }
  return (address) => list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

function rangeOf(entry: string): [string, number, "ipv4" | "ipv6"] {
  const [address, prefix] = entry.split("/");
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  return [address, prefix === undefined ? (family === "ipv6" ? 128 : 32) : Number(prefix), family];
}

/** The entries of the header's last `MAX_FORWARDED_CHARS` characters, rightmost first. */
function lastEntries(header: string): string[] {
  let text = header;
  if (text.length > MAX_FORWARDED_CHARS) {
    text = text.slice(-MAX_FORWARDED_CHARS);
    // The cut left part of an entry: it is not an address anyone sent.
    text = text.slice(text.indexOf(",") + 1);
  }
  return text.split(",").map((entry) => entry.trim()).reverse();
}

/**
 * An IP address in one canonical spelling, so that every spelling of one client shares its
 * budget: IPv4-mapped IPv6 in any form (`::ffff:198.51.100.7`, `0:0:0:0:0:ffff:198.51.100.7`,
 * `::ffff:c633:6407`) as IPv4, IPv6 compressed and lowercase (RFC 5952), no zone, no brackets.
 * IPv4 only in its usual four-part decimal form. Undefined if not an IP.
 */
function normalise(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let text = value.trim();
  if (text.startsWith("[") && text.includes("]")) text = text.slice(1, text.indexOf("]"));
  text = text.replace(/%.*/s, "");
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return undefined;
  return ipaddr.process(text).toString();
}
