/**
 * Who may read `/meting` and frame `/embed` (docs/decisions.md, "Compatibility endpoints"):
 * CORS headers only for the origins `compat.meting.origins` lists (none by default, `"*"` every
 * site), a page of this service and a request with no `Origin` always answered, a refused
 * origin given no data and logged; `/v1` keeps sending no CORS header whatever the config; `/embed`
 * framed only by this origin and `compat.embed.frameAncestors`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/engine/config.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

const SITE = "https://blog.example.org";
// An unknown server: answered (400) before any upstream is asked, with the CORS headers of any answer.
const METING = "/meting?server=nowhere&type=song&id=1";

/** Every CORS header of an answer, and its Vary. */
const corsOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-") || name === "vary"));

describe("compat CORS and framing", () => {
  const apps: Record<"none" | "listed" | "any", TestApp | undefined> = { none: undefined, listed: undefined, any: undefined };
  beforeAll(async () => {
    apps.none = await startTestApp({ config: { lyrics: false } });
    apps.listed = await startTestApp({ config: { lyrics: false, compat: { meting: { origins: [SITE] }, embed: { frameAncestors: [SITE, "https://other.example"] } } } });
    apps.any = await startTestApp({ config: { lyrics: false, compat: { meting: { origins: ["*"] }, embed: { frameAncestors: ["*"] } } } });
  });
  afterAll(async () => void (await Promise.all(Object.values(apps).map((app) => app?.close()))));
  const get = (app: keyof typeof apps, path: string, origin?: string) => apps[app]!.get(path, { headers: origin ? { origin } : {} });

  it("by default: no site reads /meting; the refusal is 403 with no data, and the log names the origin and the key", async () => {
    const refused = await get("none", METING, SITE);
    expect([refused.status, corsOf(refused)]).toEqual([403, {}]);
    expect(await refused.text()).toBe("This site may not read this service's Meting answers: its origin is not in the service's config compat.meting.origins.");
    expect(apps.none!.logs.join("\n")).toContain(`/meting: refused a cross-origin read from "${SITE}": that origin is not in config compat.meting.origins`);
    // No Origin (an <audio>, an <img>, curl), or this service's own pages: answered, with nothing to say about CORS.
    for (const origin of [undefined, apps.none!.url]) {
      const answered = await get("none", METING, origin);
      expect([answered.status, corsOf(answered)], String(origin)).toEqual([400, {}]);
    }
  });

  it("a listed site reads it (its own origin echoed); every answer varies with Origin; another site is refused", async () => {
    const listed = await get("listed", METING, SITE);
    expect([listed.status, corsOf(listed)]).toEqual([400, { "access-control-allow-origin": SITE, vary: "origin" }]);
    expect(corsOf(await get("listed", METING))).toEqual({ vary: "origin" });
    expect((await get("listed", METING, "https://evil.example.org")).status).toBe(403);
    expect((await get("listed", METING, "null")).status).toBe(403);
  });

  it('"*": every site reads it, every answer says so', async () => {
    for (const origin of [SITE, "https://anyone.example", undefined]) {
      expect(corsOf(await get("any", METING, origin)), String(origin)).toEqual({ "access-control-allow-origin": "*" });
    }
  });

  it("/v1 answers carry no CORS header, whatever compat.meting.origins says", async () => {
    for (const app of ["none", "listed", "any"] as const) {
      for (const path of ["/v1/source?origin=t", "/v1/song?origin=t&source=source_a", "/v1/nothing"]) {
        const answer = await get(app, path, SITE);
        expect([...answer.headers.keys()].filter((name) => name.startsWith("access-control-")), `${app} ${path}`).toEqual([]);
        expect(answer.headers.get("vary") ?? "", `${app} ${path}`).not.toContain("origin");
      }
    }
  });

  it("/embed: framed only by this origin by default; by the listed sites too, X-Frame-Options then left to the CSP", async () => {
    const frame = async (app: keyof typeof apps) => {
      const answer = await get(app, "/embed?source=itunes&type=playlist&id=1");
      return [answer.headers.get("content-security-policy")!.match(/frame-ancestors [^;]*$/)?.[0], answer.headers.get("x-frame-options")];
    };
    expect(await frame("none")).toEqual(["frame-ancestors 'self'", "SAMEORIGIN"]);
    expect(await frame("listed")).toEqual([`frame-ancestors 'self' ${SITE} https://other.example`, null]);
    expect(await frame("any")).toEqual(["frame-ancestors 'self' *", null]);
  });

  it("/embed: a failure is a page saying what was wrong, in the status of its code", async () => {
    const page = async (query: string) => {
      const answer = await get("none", `/embed?${query}`);
      return [answer.status, answer.headers.get("content-type"), (await answer.text()).match(/<p class="problem">([^<]*)<\/p>/)?.[1]];
    };
    expect(await page("source=itunes&type=playlist&id=1")).toEqual([400, "text/html; charset=utf-8", "This player cannot be shown: source source_b does not support playlist"]);
    expect(await page("source=deezer&type=mv&id=1")).toEqual([400, "text/html; charset=utf-8", "This player cannot be shown: parameter type must be playlist, album or song"]);
    expect(await page("source=deezer&type=song&id=1&theme=red%22%3E")).toEqual([400, "text/html; charset=utf-8", "This player cannot be shown: parameter theme must be a colour such as #2980b9"]);
    expect((await page("source=netease&type=song&id=1"))[2]).toMatch(/^This player cannot be shown: server netease is not served/);
  });

  it("refuses an entry that is neither an origin nor \"*\" at start", () => {
    for (const [key, entry] of [["meting.origins", "blog.example.org"], ["embed.frameAncestors", "https://blog.example.org/path"], ["meting.origins", "**"]]) {
      const compat = key.startsWith("meting") ? { meting: { origins: [entry] } } : { embed: { frameAncestors: [entry] } };
      expect(() => parseConfig({ compat }, {}), entry).toThrow(new RegExp(`compat\\.${key.replace(".", "\\.")}\\.0: expected "\\*" or the origin of a site`));
    }
  });
});
