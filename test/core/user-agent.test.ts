/** The user-agent rule: product names anywhere outside comments, in any case; decisions remembered. */
import { describe, expect, it } from "vitest";
import { UserAgentPolicy, productName } from "../../server/engine/guard/user-agent.ts";

describe("UserAgentPolicy", () => {
  const policy = new UserAgentPolicy({ userAgentBlock: ["curl/", "node", "aiohttp", "Java-http-client", "got ("] });

  it.each([
    ["curl/8.5.0", true],
    ["CURL", true],
    ["Python/3.11 aiohttp/3.9.1", true],
    ["A/1 (B) node/20", true],
    ["Java-http-client/17", true],
    ["got (https://github.com/sindresorhus/got)", true],
    ["my (weird) curl/1", true],
    ["", true],
    ["   ", true],
    ["Mozilla/5.0 (X11; Linux (x86_64) curl)", false],
    ["x (curl", false],
    ["nodeapp/1.0", false],
    ["my-app/1.0 (contact; node; curl)", false],
  ])("%j → blocked %s", (ua, blocked) => {
    expect(policy.isBlocked(ua)).toBe(blocked);
    expect(policy.isBlocked(ua)).toBe(blocked); // the remembered decision is the same
  });

  it("reads entries as product names", () => {
    expect(["curl/", "got (", " Wget ", "Java"].map(productName)).toEqual(["curl", "got", "wget", "java"]);
  });
});
