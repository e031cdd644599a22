// A third-party source plugin in plain JavaScript: it imports only @music-aggregator/core.
// The Tracklist API is made up; its wire format is the one test/simulator.js speaks.
import { NotFoundError, PaidContentError, Tokens, defineSourcePlugin, publishDate, wholeSeconds, z } from "@music-aggregator/core";

/** One track as the Tracklist API sends it. */
const Track = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  artists: z.array(z.string()),
  album: z.looseObject({ id: z.number().int(), title: z.string(), art: z.string().nullable() }),
  length_ms: z.number().nonnegative(),
  release: z.string().nullable(),
  premium: z.boolean(),
  stream: z.looseObject({ url: z.url(), kbps: z.number().int().positive() }).nullable(),
});
const SearchAnswer = z.looseObject({ total: z.number().int().nonnegative(), results: z.array(Track) });

export default defineSourcePlugin({
  id: "tracklist",
  name: "Tracklist API",
  capabilities: { search: true, song: true, url: true },
  options: z.strictObject({
    /** where the Tracklist API answers @default "https://api.tracklist.example" */
    baseURL: z.url().default("https://api.tracklist.example"),
  }),
  deps: { http: Tokens.Http },
  create({ options, deps, sourceId }) {
    const http = deps.http.create({ name: "Tracklist", baseURL: options.baseURL });

    /** @param {z.infer<typeof Track>} t */
    const toSong = (t) => ({
      source: sourceId,
      id: String(t.id),
      name: t.title,
      artist: t.artists,
      album: t.album.title,
      albumId: String(t.album.id),
      duration: wholeSeconds(t.length_ms, "ms") ?? 0,
      cover: t.album.art,
      available: t.stream !== null && !t.premium,
      vip: t.premium,
    });

    /** @param {z.infer<typeof Track>} t */
    const toDetail = (t) => ({ ...toSong(t), quality: t.stream ? ["standard"] : [], publishAt: publishDate(t.release) });

    /** Tracklist ids are digits: anything else is no track of theirs (and never reaches a path). */
    const track = (id, signal) => {
      if (!/^\d{1,12}$/.test(id)) throw new NotFoundError(`Tracklist has no track ${id.slice(0, 20)}`);
      return http.getJson(`/v2/tracks/${id}`, Track, { signal, notFound: true });
    };

    return {
      async search({ q, page, size }, { signal }) {
        const answer = await http.getJson("/v2/search", SearchAnswer, { query: { q, page, per_page: size }, signal });
        return { total: answer.total, list: answer.results.slice(0, size).map(toSong) };
      },
      async song(id, { signal }) {
        return toDetail(await track(id, signal));
      },
      async url(id, _quality, { signal, checkSong }) {
        const t = await track(id, signal);
        // The song this lookup read: the core checks it (3002, 3001) and keeps it as /v1/song's answer.
        checkSong?.(toDetail(t));
        if (t.premium) throw new PaidContentError();
        if (!t.stream) throw new NotFoundError(`Tracklist has no public address for track ${id}`);
        return { source: sourceId, id: String(t.id), url: t.stream.url, quality: "standard", bitrate: t.stream.kbps, size: null, expireAt: null };
      },
    };
  },
});
