/** The fallback's choice of a copy: publicly playable only, full length first, a few tries, the original when none plays. */
import { describe, expect, it } from "vitest";
import { NotFoundError, PaidContentError, UpstreamError } from "../../core/errors.ts";
import { FallbackService } from "../../server/engine/music/fallback.ts";
import type { CachedAnswer } from "../../core/services.ts";

const answer = (value: unknown, cost = 0): CachedAnswer => ({ json: JSON.stringify(value), cost, status: cost ? "miss" : "hit", expiresAt: cost ? undefined : Date.now() + 60_000 });
const copy = (source: string, id: string, more: object = {}) => ({
  song: { source, id, name: "Tern", artist: ["Q"], album: "", albumId: "", duration: 200, cover: null, available: true, vip: false, ...more },
  confidence: 0.9,
  reason: "metadata",
});
const address = (source: string, id: string, preview = false) => ({ source, id, url: `https://cdn.example/${source}/${id}.mp3`, quality: "standard", bitrate: 128, size: null, expireAt: null, ...(preview ? { preview } : {}) });
const PLAYBACK: Record<string, "full" | "preview"> = { pa: "preview", pb: "preview", fa: "full", fb: "full", fc: "full", fd: "full" };

/**
 * The fallback over its collaborators as the composition root gives them: the registry (each
 * source's playback), the song addresses (the original's, `x:9`, and the copies') and the matches.
 */
function service(matches: unknown[], urls: Record<string, () => Promise<CachedAnswer>>, asked: string[] = []) {
  const registry = { resolve: (id: string) => ({ id, plugin: { playback: PLAYBACK[id] } }), use: (id: string) => ({ id }) };
  let original: () => Promise<CachedAnswer> = vip;
  const songUrls = {
    address: async (source: { id: string }, { id }: { id: string }) => {
      if (source.id === "x") return original();
      asked.push(`${source.id}:${id}`);
      return urls[`${source.id}:${id}`]();
    },
  };
  const matcher = {
    matches: async (_source: string, _id: string, _signal: unknown, among?: string) =>
      answer({ song: {}, matches: among ? matches.filter((m) => PLAYBACK[(m as { song: { source: string } }).song.source] === "full") : matches, failed: [] }),
  };
  const fallback = new FallbackService(registry as never, songUrls as never, matcher as never);
  return {
    songUrl(asked: { source: string; id: string; quality: "standard" }, own: () => Promise<CachedAnswer>) {
      original = own;
      return fallback.songUrl({ id: asked.source } as never, asked);
    },
    forTrack: fallback.forTrack.bind(fallback),
  };
}
const vip = async (): Promise<CachedAnswer> => {
  throw new PaidContentError();
};

describe("FallbackService.songUrl", () => {
  it("takes full length before a preview, skips what is not publicly playable, and names the song asked for", async () => {
    const asked: string[] = [];
    const fallback = service(
      [copy("pa", "1"), copy("fa", "2", { vip: true, available: false }), copy("fb", "3", { available: false }), copy("fc", "4")],
      { "fc:4": async () => answer(address("fc", "4")), "pa:1": async () => answer(address("pa", "1", true)) },
      asked,
    );
    const r = await fallback.songUrl({ source: "x", id: "9", quality: "standard" }, vip);
    expect(JSON.parse(r.json)).toEqual({ ...address("fc", "4"), matchedFrom: { source: "x", id: "9", confidence: 0.9 } });
    expect(asked).toEqual(["fc:4"]);
    expect([r.cost, r.status]).toEqual([0, "hit"]);
  });

  it("moves to the next copy when one's own checks refuse it (3002, 3001, a failure), at most three tries", async () => {
    const asked: string[] = [];
    const refuse = (error: Error) => async (): Promise<CachedAnswer> => {
      throw error;
    };
    const fallback = service(
      [copy("fa", "1"), copy("fb", "2"), copy("fc", "3"), copy("fd", "4")],
      { "fa:1": refuse(new PaidContentError()), "fb:2": refuse(new NotFoundError("gone")), "fc:3": refuse(new UpstreamError("down")), "fd:4": async () => answer(address("fd", "4")) },
      asked,
    );
    await expect(fallback.songUrl({ source: "x", id: "9", quality: "standard" }, vip)).rejects.toMatchObject({ kind: "paid" });
    expect(asked).toEqual(["fa:1", "fb:2", "fc:3"]);
  });

  it("a preview original takes full length only; when none plays, the preview stands as it was", async () => {
    const preview = answer(address("x", "9", true), 12);
    const fallback = service([copy("pa", "1"), copy("fa", "2")], { "fa:2": async () => answer(address("fa", "2", true)) });
    const r = await fallback.songUrl({ source: "x", id: "9", quality: "standard" }, async () => preview);
    expect(r).toBe(preview);
  });

  it("errors other than 3002 and 3001 are the answer, unmatched", async () => {
    const fallback = service([copy("fa", "1")], { "fa:1": async () => answer(address("fa", "1")) });
    await expect(fallback.songUrl({ source: "x", id: "9", quality: "standard" }, async () => Promise.reject(new UpstreamError("down")))).rejects.toMatchObject({ kind: "upstream" });
  });
});
