/**
 * How the replay of the shared iTunes recordings files and answers requests. The recordings
 * were made by other projects, so few requests are exactly the plugin's. They are filed alike
 * when Apple answers them alike: a storefront in any case, `sort` ignored (the plugin sorts an
 * album itself). Requests without a recording are answered from recorded material only: the
 * same lookup recorded without `limit` or with `entity=song` (for one song Apple answers the
 * song alone either way); a song, or an artist and its songs, taken from recorded answers; a
 * search page cut from the recorded legacy `wsSearch` answer by `offset` and `limit`, as Apple
 * pages; a barcode's lookup from the recorded legacy `wsLookup?upc=` answer (recorded without
 * `entity=song`: the collection alone, its songs were not recorded).
 */
import type { Answer, Interaction } from "@music-aggregator/core/testing";

/** Apple reads a storefront in any case; `sort` changes only the order, which the plugin sets itself. */
export function storefrontAnySort(params: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams([...params].filter(([name]) => name !== "sort"));
  const country = copy.get("country");
  if (country) copy.set("country", country.toLowerCase());
  return copy;
}

type Entry = Record<string, unknown>;

/** Answers from recorded material for requests that were not recorded as such (see the file's comment). */
export function fromRecorded(recordings: Interaction[]) {
  const entries = recordings.flatMap((r) => (JSON.parse(r.body) as { results: Entry[] }).results);
  const songs = new Map(entries.filter((e) => e.kind === "song").map((e) => [String(e.trackId), e]));
  const artists = new Map(entries.filter((e) => e.wrapperType === "artist").map((e) => [String(e.artistId), e]));
  const legacySearches = recordings.filter((r) => /\/wsSearch\?/.test(r.url) && new URL(r.url).searchParams.get("media") === "music");
  const legacyBarcodes = recordings.filter((r) => /\/wsLookup\?/.test(r.url) && new URL(r.url).searchParams.has("upc"));

  return (request: { url: URL }, recorded: (params: URLSearchParams) => Interaction | undefined): Answer | undefined => {
    const params = request.url.searchParams;
    const legacy = legacySearches.find((r) => new URL(r.url).searchParams.get("term") === params.get("term"));
    if (request.url.pathname === "/search" && legacy) {
      const all = (JSON.parse(legacy.body) as { results: Entry[] }).results;
      const offset = Number(params.get("offset") ?? 0);
      return apple(all.slice(offset, offset + Number(params.get("limit") ?? 50)));
    }
    if (request.url.pathname !== "/lookup") return undefined;
    const barcode = legacyBarcodes.find((r) => params.has("upc") && new URL(r.url).searchParams.get("upc") === params.get("upc"));
    if (barcode) return apple((JSON.parse(barcode.body) as { results: Entry[] }).results);
    const without = (name: string) => new URLSearchParams([...params].filter(([n]) => n !== name));
    const withSongs = new URLSearchParams([...params, ["entity", "song"], ["limit", "200"]]);
    const same = recorded(without("limit")) ?? (params.has("entity") ? undefined : recorded(withSongs));
    if (same) return same;
    const id = params.get("id") ?? "";
    if (songs.has(id) && !params.has("entity")) return apple([songs.get(id)!]);
    const artist = artists.get(id);
    if (artist && params.get("entity") === "song") return apple([artist, ...[...songs.values()].filter((s) => String(s.artistId) === id)]);
    return undefined;
  };
}

/** An answer in Apple's framing. */
function apple(results: Entry[]): Answer {
  return { status: 200, contentType: "text/javascript; charset=utf-8", body: `\n\n\n${JSON.stringify({ resultCount: results.length, results })}\n\n\n` };
}
