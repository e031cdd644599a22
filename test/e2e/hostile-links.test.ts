/**
 * Hostile links to `/v1/resolve` (issue 41): other hosts, other schemes, user-info tricks,
 * encoded separators, look-alike hosts, ports, addresses, very long links. Each is 1001 naming
 * the hosts that are understood, and not one reaches a plugin's upstream: the service is no
 * proxy, and a link is never fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";

let t: BundledApp;
beforeAll(async () => {
  t = await startBundledApp({ rateLimit: { points: 1_000_000, duration: 60 } });
});
afterAll(() => t?.close());

const HOSTILE = [
  // other hosts, and hosts that only start or end like a source's
  "https://evil.example/track/9100001",
  "http://deezer.com.evil.example/track/9100001",
  "https://evil-deezer.com/track/9100001",
  "https://www.deezer.com.evil.example/track/9100001",
  "https://wwwdeezer.com/track/9100001",
  "https://www.deezer.com./track/9100001",
  // other schemes
  "javascript:alert(document.domain)//www.deezer.com/track/9100001",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "ftp://www.deezer.com/track/9100001",
  "//www.deezer.com/track/9100001",
  "www.deezer.com/track/9100001",
  // user info: the host is what follows the @
  "https://www.deezer.com@evil.example/track/9100001",
  "https://user:pass@www.deezer.com/track/9100001",
  "https://www.deezer.com%40evil.example/track/9100001",
  // encoded separators and dots, backslashes
  "https://www.deezer.com/track/9100001%2F..%2F..%2Fadmin",
  "https://www.deezer.com/track%2f9100001",
  "https://www.deezer.com/track/9100001%00",
  "https://www.deezer.com/%2e%2e/track/9100001",
  "https://www.deezer.com/track/9100001%5C..",
  "https://archive.org/details/x/%252e%252e%252fetc",
  "https://www.deezer.com\\@evil.example/track/9100001",
  "https://www.deezer.com/track\\9100001",
  // look-alike hosts: a Cyrillic е, a full-width dot, punycode of another name
  "https://www.dеezer.com/track/9100001",
  "https://www．deezer．com/track/9100001",
  "https://www.xn--dezer-zwe.com/track/9100001",
  "https://аudius.co/harborstatic",
  // the same look-alikes where the parser takes the host without "//" after the scheme, or percent-decodes it
  "https:www．deezer．com/track/9100001",
  "https:/www．deezer．com/track/9100001",
  "HTTPS:www．deezer．com/track/9100001",
  "https://www%EF%BC%8Edeezer%EF%BC%8Ecom/track/9100001",
  "https:www%EF%BC%8Edeezer.com/track/9100001",
  // ports and bare addresses
  "https://www.deezer.com:8443/track/9100001",
  "https://www.deezer.com:443/track/9100001",
  "http://www.deezer.com:80/track/9100001",
  "https://www.deezer.com:443@127.0.0.1/track/9100001",
  "http://127.0.0.1/track/9100001",
  "http://[::1]/track/9100001",
  "http://2130706433/track/9100001",
  "http://169.254.169.254/latest/meta-data/",
  // whitespace and control characters
  "https://www.deezer.com/track/9100001\nLocation: https://evil.example/",
  " https://www.deezer.com/track/9100001",
  // too long
  `https://www.deezer.com/track/9100001?${"a".repeat(3000)}`,
  `https://www.deezer.com/${"a/".repeat(50_000)}`,
];

describe("hostile links", () => {
  it(`are ${HOSTILE.length} refusals with 1001, naming the understood hosts, without one upstream call`, async () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
    Object.values(t.sims).forEach((sim) => sim.reset());
    for (const url of HOSTILE) {
      const r = await t.json(v1("resolve", { url }));
      expect([r.status, r.body.code, r.body.data], url).toEqual([400, 1001, null]);
      // A link past the bound is refused for its length alone, as the parameter's documented limit says (a request line past the server's, before any route).
      if (url.length <= 2048) expect(r.body.message, url).toMatch(/^parameter url .*; links to www\.deezer\.com, deezer\.com, music\.apple\.com, .* are understood$/);
      else expect(r.body.message).toMatch(/^parameter (url must be at most 2048 characters$|error: the request line)/);
    }
    expect(Object.values(t.sims).flatMap((sim) => sim.log)).toEqual([]);
  });

  it("say what is wrong with each kind of link", async () => {
    const message = async (url: string) => (await t.json(v1("resolve", { url }))).body.message as string;
    expect(await message("https://www.deezer.com@evil.example/x")).toMatch(/^parameter url must not name a user or a password;/);
    expect(await message("javascript:alert(1)")).toMatch(/^parameter url must be an http or https link;/);
    expect(await message("https://www.deezer.com/track%2F1")).toMatch(/^parameter url must not hold encoded separators or dots in its path \(%2F\);/);
    expect(await message("https://www.deezer.com/track\\1")).toMatch(/^parameter url must not hold backslashes;/);
    expect(await message("https://www.deezer.com:8443/track/1")).toMatch(/^parameter url must not name a port;/);
    expect(await message("https://www.dеezer.com/track/1")).toMatch(/^parameter url must name its host in ASCII;/);
    expect(await message("https:www．deezer．com/track/1")).toMatch(/^parameter url must name its host in ASCII;/);
    expect(await message("https://www%EF%BC%8Edeezer.com/track/1")).toMatch(/^parameter url must not percent-encode its host;/);
    expect(await message("https://www.deezer.com:443/track/1")).toMatch(/^parameter url must not name a port;/);
    expect(await message("https://www.xn--dezer-zwe.com/track/1")).toMatch(/^parameter url names a host no enabled source understands;/);
    expect(await message("not a link")).toMatch(/^parameter url must not hold spaces or control characters;/);
    expect(await message("nothing")).toMatch(/^parameter url is no web link \(an absolute http or https address\);/);
    expect(await message(`https://www.deezer.com/${"a".repeat(3000)}`)).toMatch(/^parameter url must be at most 2048 characters$/);
  });
});
