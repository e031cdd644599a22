/**
 * The plugin against real recorded Jamendo track objects (run when `../shared/recordings` sits
 * beside the project). The recording keeps only the `results` array of a `/tracks` answer (its
 * `headers` block was dropped, see the recordings' README), so the replay serves those real
 * objects the way Jamendo does: inside a success headers block, the ones a request's `id`
 * names. That block is made up here; the track objects are Jamendo's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReplaySimulator, type Interaction, type ReplaySimulator } from "@music-aggregator/core/testing";
import type { SourceMethods } from "@music-aggregator/core";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import { JamendoTracks } from "../../../plugins/source-jamendo/wire.ts";
import { CLIENT_ID, SOURCE, codeOf, createJamendo, ctx, jamendoSong } from "../../../plugins/source-jamendo/test/instance.ts";

describe.skipIf(!hasRecordings("jamendo"))("replay of recorded Jamendo track objects", () => {
  let interactions: Interaction[];
  let tracks: { id: string }[];
  let sim: ReplaySimulator;
  let jamendoSource: SourceMethods;
  beforeAll(async () => {
    interactions = sharedRecordings("jamendo");
    tracks = interactions.flatMap((i) => JSON.parse(i.body) as { id: string }[]);
    sim = await startReplaySimulator(interactions, {
      fallback: ({ url }) => {
        const ids = (url.searchParams.get("id") ?? "").split(/[ +]/);
        return wrapped(tracks.filter((t) => ids.includes(t.id)));
      },
    });
    jamendoSource = createJamendo({ baseURL: `${sim.url}/v3.0`, clientId: CLIENT_ID }).methods;
  });
  afterAll(async () => {
    // Every request the plugin made was answered from the recorded objects.
    expect(sim.misses).toEqual([]);
    await sim.close();
  });

  it("every recorded track object reads with the wire schema", () => {
    expect(tracks).toHaveLength(4);
    const read = JamendoTracks.safeParse(JSON.parse(wrapped(tracks).body));
    expect(read.error?.issues ?? []).toEqual([]);
  });

  it("track 730: its album's cover, its licence, every quality, its release date", async () => {
    expect(await jamendoSource.song("730", ctx())).toEqual({
      ...jamendoSong({
        id: "730",
        name: "Giants",
        artist: ["Haeresis"],
        artistId: "92",
        album: "Opera I",
        albumId: "119",
        duration: 136,
        cover: "https://usercontent.jamendo.com?type=album&id=119&width=200",
        license: "http://creativecommons.org/licenses/by-nc/2.0/",
      }),
      quality: ["standard", "high", "lossless"],
      publishAt: "2005-04-12",
      link: "https://www.jamendo.com/track/730",
    });
  });

  it("track 287: names beyond ASCII kept as they are", async () => {
    expect(await jamendoSource.song("287", ctx())).toMatchObject({
      source: SOURCE,
      name: "Portées Disparues (Femmes sans visage)",
      artist: ["Alchimie"],
      album: "Adversité",
      albumId: "36",
      duration: 197,
      license: "http://creativecommons.org/licenses/by-nc-sa/2.0/",
      publishAt: "2005-03-24",
    });
  });

  it("track 731 at high quality: its recorded mp32 stream, with no expiry", async () => {
    // The recording was made with audioformat=mp32, the format the plugin asks for high.
    const url = await jamendoSource.url("731", "high", ctx());
    expect(url).toMatchObject({ source: SOURCE, id: "731", quality: "high", bitrate: 192, size: null, expireAt: null });
    expect(url.url).toMatch(/^https:\/\/mp3d\.jamendo\.com\/\?trackid=731&format=mp32&from=/);
  });

  it("an id the recording does not hold is 3001", async () => {
    expect(await codeOf(() => jamendoSource.song("1", ctx()))).toBe(3001);
  });

  it("the recorded body as it is (no headers) is refused with 2003, not a crash", async () => {
    const bare = await startReplaySimulator(interactions, { fallback: () => ({ status: 200, contentType: "application/json", body: interactions[0].body }) });
    try {
      const { methods } = createJamendo({ baseURL: `${bare.url}/v3.0`, clientId: CLIENT_ID });
      expect(await codeOf(() => methods.song("730", ctx()))).toBe(2003);
    } finally {
      await bare.close();
    }
  });
});

/** A success answer around `results`, in Jamendo's headers block. */
function wrapped(results: unknown[]) {
  const headers = { status: "success", code: 0, error_message: "", warnings: "", results_count: results.length };
  return { status: 200, contentType: "application/json", body: JSON.stringify({ headers, results }) };
}
