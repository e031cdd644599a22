/*
 * The playground's DOM building blocks. Everything from the API is set as text or as an
 * attribute value, never parsed as HTML, so a song called "<script>" stays a title.
 */
/** An element with attributes (`on*` functions become listeners) and children (strings are text). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return node;
}

/** `m:ss` of whole seconds. */
export function duration(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A cover image, or nothing; a cover that cannot be loaded (offline, say) is hidden. */
export function cover(url, alt) {
  if (!url) return null;
  const image = el("img", { class: "cover", src: url, alt, loading: "lazy" });
  image.addEventListener("error", () => image.remove());
  return image;
}

/** The failure of an envelope (or of the call), as one line of text. */
export function failure(outcome) {
  if (outcome instanceof Error) return outcome.message;
  return `code ${outcome.code}: ${outcome.message}`;
}

/** Sites of the sources' own pages, by host, for the links beside previews ("on Apple Music"). */
const SITES = [
  [/(^|\.)music\.apple\.com$/, "Apple Music"],
  [/(^|\.)itunes\.apple\.com$/, "iTunes"],
  [/(^|\.)deezer\.com$/, "Deezer"],
  [/(^|\.)audius\.co$/, "Audius"],
  [/(^|\.)archive\.org$/, "the Internet Archive"],
  [/(^|\.)jamendo\.com$/, "Jamendo"],
];

/** A link to an item's page on its source ("on Deezer"), opened apart; nothing unless it is an http(s) address. */
export function sourceLink(address) {
  let url;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const site = SITES.find(([host]) => host.test(url.hostname))?.[1] ?? url.host;
  return el("a", { class: "source-link", href: url.href, target: "_blank", rel: "noopener noreferrer" }, `on ${site}`);
}

/**
 * A list of songs: each row with a Play button (named "Play <title> by <artists>"), the song's
 * facts, and buttons to open the song, its album and its artists (by `artistId`, where the
 * source gives one). `actions` has `play(song)`, `open(kind, source, id)`.
 */
export function songList(songs, actions, label) {
  const rows = songs.map((song) => {
    const artists = song.artist.join(", ");
    return el(
      "li",
      {},
      el("button", { type: "button", class: "play", "aria-label": `Play ${song.name} by ${artists || "unknown artist"}`, onclick: () => actions.play(song) }, "▶ Play"),
      el("span", { class: "song-title" }, song.name),
      el("span", { class: "song-meta" }, `${artists}${song.album ? ` · ${song.album}` : ""} · ${duration(song.duration)} · ${song.source}`),
      song.vip ? el("span", { class: "badge vip" }, "VIP") : null,
      song.available ? null : el("span", { class: "badge" }, "not playable"),
      el("button", { type: "button", "aria-label": `Details of ${song.name}`, onclick: () => actions.open("song", song.source, song.id) }, "Details"),
      song.albumId ? el("button", { type: "button", "aria-label": `Album ${song.album}`, onclick: () => actions.open("album", song.source, song.albumId) }, "Album") : null,
      artistButtons(song, actions),
      alsoOn(song, actions.open),
    );
  });
  return el("ol", { class: "songs", "aria-label": label }, rows.length ? rows : el("li", {}, "No songs."));
}

/** An Artist button per credited artist with an id (one artist: "Artist"; several: each by name). */
function artistButtons(song, actions) {
  const ids = Array.isArray(song.artistId) ? song.artistId : [];
  return ids.map((id, i) =>
    id ? el("button", { type: "button", "aria-label": `Artist ${song.artist[i]}`, onclick: () => actions.open("artist", song.source, id) }, ids.length > 1 ? song.artist[i] : "Artist") : null,
  );
}

/** "Also on …": the other sources an all-search entry's recording is on (its `alternatives`), each a button opening that copy with `open(kind, source, id)`; null when there are none. */
function alsoOn(song, open) {
  const others = song.alternatives ?? [];
  if (!others.length) return null;
  const state = (alt) => (alt.vip ? " (VIP)" : alt.available ? "" : " (not playable)");
  const links = others.map((alt) =>
    el("button", { type: "button", class: "link", "aria-label": `${song.name} on ${alt.source}${state(alt)}`, onclick: () => open("song", alt.source, alt.id) }, `${alt.source}${state(alt)}`),
  );
  return el("span", { class: "also-on" }, "also on ", links);
}

/** A source's name, linked to its upstream's home page when `/v1/source` gives one, and what its addresses are. */
function sourceLabel(about) {
  if (!about) return null;
  const name = about.homepage ? el("a", { href: about.homepage, target: "_blank", rel: "noopener noreferrer" }, about.name) : about.name;
  return el("span", { class: "source-about" }, name, ` · ${about.playback === "preview" ? "previews" : "full songs"}`);
}

/** The credits the upstreams ask for (`/v1/source`'s `attribution`), one line each; null when none asks. */
export function attributions(info) {
  const credits = Object.entries(info.sources ?? {}).filter(([, about]) => about.attribution);
  return credits.length ? el("p", { class: "attributions" }, credits.map(([id, about]) => el("span", {}, `${id}: ${about.attribution}`))) : null;
}

/** The capability matrix of `/v1/source`, each source named, with a button per source that has charts. */
export function capabilityTable(info, onCharts) {
  const ids = Object.keys(info.capability);
  const operations = ids.length ? Object.keys(info.capability[ids[0]]) : [];
  return el(
    "table",
    {},
    el("caption", {}, "GET /v1/source: which operation each source serves"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "source"), operations.map((op) => el("th", { scope: "col" }, op)), el("th", { scope: "col" }, "charts"))),
    el(
      "tbody",
      {},
      ids.map((id) => {
        const row = info.capability[id];
        const disabled = info.disable.includes(id);
        return el(
          "tr",
          {},
          el("th", { scope: "row" }, id, disabled ? " (disabled)" : "", sourceLabel(info.sources?.[id])),
          operations.map((op) => el("td", {}, row[op] ? "✓" : "—")),
          el("td", {}, row.rank && !disabled ? el("button", { type: "button", "aria-label": `Charts of ${id}`, onclick: () => onCharts(id) }, "Charts") : ""),
        );
      }),
    ),
  );
}
