/*
 * The playground: the API tried from a page the way a third-party site embeds it. Every call
 * is JSONP (`jsonp.js`) to the API at `?api=` (default: the service serving this page), with
 * `origin` naming this page's host. Search across the sources, open a song, album, artist,
 * playlist or chart, paste a link of any source's page to see its item and copies, play a song's
 * public address with its lyrics following, transfer a playlist onto other sources (and download
 * it as a file), and see what each source serves.
 */
import { jsonp } from "./jsonp.js";
import { fullLengthOffer } from "./full-length.js";
import { pasteLink } from "./paste-link.js";
import { createPlayer } from "./player.js";
import { attributions, capabilityTable, cover, duration, el, failure, songList, sourceLink } from "./render.js";

const $ = (id) => document.getElementById(id);
const base = apiBase(new URLSearchParams(location.search).get("api"));
// The spec's origin: 1 to 64 of A-Z a-z 0-9 . _ : / -
const origin = `playground:${location.host || "file"}`.replace(/[^A-Za-z0-9._:/-]/g, "-").slice(0, 64);
const call = (path, params = {}) => jsonp(base, path, { ...params, origin }, { onDone: logRequest });
const player = createPlayer({ audio: $("audio"), nowPlaying: $("now-playing"), state: $("player-state"), lyrics: $("lyrics") }, call);
const actions = { play: (song) => player.play(song, typeof song.url === "string" ? song.url : undefined), open };

/** The API's base URL: `?api=` when it is an http(s) URL, else the directory of this page. */
function apiBase(given) {
  try {
    const url = new URL(given || ".", location.href);
    if (url.protocol === "http:" || url.protocol === "https:") return url.href.endsWith("/") ? url.href : `${url.href}/`;
  } catch {
    // fall through
  }
  return new URL(".", location.href).href;
}

function logRequest(url, outcome, ms, method = "GET") {
  const shown = decodeURIComponent(url.slice(base.length - 1));
  const result = outcome instanceof Error ? outcome.message : `code ${outcome.code}`;
  const log = $("request-log");
  log.prepend(el("li", {}, el("code", {}, `${method} ${shown}`), ` → ${result}, ${ms} ms`));
  while (log.children.length > 30) log.lastElementChild.remove();
}

async function start() {
  $("api-base").textContent = base;
  $("link-docs").href = new URL("docs", base).href;
  $("link-reference").href = base;
  const [status, sources] = await Promise.all([call("/v1/status").catch((e) => e), call("/v1/source").catch((e) => e)]);
  $("api-state").textContent =
    status instanceof Error || status.code !== 0 ? `Not reachable: ${failure(status)}` : `music-aggregator ${status.data.version}, running.`;
  if (sources instanceof Error || sources.code !== 0) {
    $("capabilities").replaceChildren(el("p", { class: "error" }, failure(sources)));
    return;
  }
  const info = sources.data;
  $("capabilities").replaceChildren(...[capabilityTable(info, (id) => open("rank", id)), attributions(info)].filter(Boolean));
  const enabled = Object.keys(info.capability).filter((id) => !info.disable.includes(id));
  const option = (id) => el("option", { value: id }, info.sources?.[id] ? `${id} (${info.sources[id].name})` : id);
  $("search-source").append(...enabled.filter((id) => info.capability[id].search).map(option));
  $("open-source").replaceChildren(...enabled.map(option));
  $("transfer-source").replaceChildren(...enabled.filter((id) => info.capability[id].transfer).map(option));
  const searchable = enabled.filter((id) => info.capability[id].search);
  $("transfer-targets").append(...searchable.map((id) => el("label", {}, el("input", { type: "checkbox", name: "to", value: id, checked: true }), ` ${id}`)));
}

/** Songs per page of results; a search has at most 50 pages. */
const PAGE_SIZE = 20;
const LAST_PAGE = 50;

function search(event) {
  event.preventDefault();
  void showResults($("q").value.trim(), $("search-source").value, 1);
}

/** Page `page` of the search, with buttons to the pages beside it. */
async function showResults(q, source, page) {
  $("search-state").textContent = `Searching ${source === "all" ? "every source" : source} for “${q}”${page > 1 ? `, page ${page}` : ""}…`;
  const answer = await call("/v1/search", { q, source, page, size: PAGE_SIZE }).catch((e) => e);
  const pager = $("search-pages");
  if (answer instanceof Error || answer.code !== 0) {
    $("search-state").textContent = `Search failed: ${failure(answer)}`;
    $("results").replaceChildren();
    pager.replaceChildren();
    return;
  }
  const { list, total, failed } = answer.data;
  const first = (page - 1) * PAGE_SIZE;
  const shown = list.length ? `Songs ${first + 1}–${first + list.length} of ${total}` : `No songs here of ${total}`;
  $("search-state").textContent = `${shown}${failed.length ? `; no answer from ${failed.join(", ")}` : ""} (${answer.cost} ms upstream).`;
  $("results").replaceWith(Object.assign(songList(list, actions, "Search results"), { id: "results" }));
  const go = (to, label) => el("button", { type: "button", onclick: () => showResults(q, source, to) }, label);
  const more = first + list.length < total && page < LAST_PAGE;
  pager.replaceChildren(...[page > 1 ? go(page - 1, "← Previous page") : null, more ? go(page + 1, "Next page →") : null].filter(Boolean));
}

const PATHS = { song: "/v1/song", album: "/v1/album", artist: "/v1/artist", playlist: "/v1/playlist", rank: "/v1/rank" };

/** Opens one resource in the details panel; `rank` without an id lists the source's charts. */
async function open(kind, source, id, page = 1) {
  const detail = $("detail");
  if (page === 1) detail.replaceChildren(el("p", { role: "status" }, `Loading ${kind} ${id ?? ""} of ${source}…`));
  const params = kind === "playlist" ? { source, id, page, size: 20, with_url: 1 } : { source, id };
  const answer = await call(PATHS[kind], params).catch((e) => e);
  if (answer instanceof Error || answer.code !== 0) {
    detail.replaceChildren(el("p", { class: "error" }, `Could not open ${kind} ${id ?? ""}: ${failure(answer)}`));
    return;
  }
  const d = answer.data;
  const heading = (text) => el("h3", { id: "detail-title" }, text);
  const views = {
    song: () => [
      cover(d.cover, ""),
      heading(`Song: ${d.name}`),
      d.link ? el("p", {}, sourceLink(d.link)) : null,
      el("p", {}, `${d.artist.join(", ")} · ${d.album || "no album"} · ${duration(d.duration)} · published ${d.publishAt ?? "unknown"}`),
      el("p", {}, `Qualities: ${d.quality.join(", ") || "none"}${d.vip ? " · VIP: no public address" : ""}${d.available ? "" : " · not playable"}`),
      songList([d], actions, "This song"),
      fullLengthOffer(d, call, player.play),
    ],
    album: () => [
      cover(d.cover, ""),
      heading(`Album: ${d.name}`),
      el("p", {}, `${d.artist.join(", ")} · published ${d.publishAt ?? "unknown"}`, d.link ? [" · ", sourceLink(d.link)] : null),
      songList(d.song, actions, "Album songs"),
    ],
    artist: () => [cover(d.avatar, ""), heading(`Artist: ${d.name}`), el("p", {}, "Popular songs:", d.link ? [" ", sourceLink(d.link)] : null), songList(d.song, actions, "Popular songs")],
    playlist: () => [
      cover(d.cover, ""),
      heading(`Playlist: ${d.name}`),
      el("p", {}, `by ${d.creator ?? "unknown"} · ${d.count} tracks · page ${d.page} (${d.song.length} shown, each with its address)`, " · ", el("a", { href: new URL(`embed?${new URLSearchParams({ source, type: "playlist", id })}`, base).href, target: "_blank", rel: "noopener" }, "Embed this playlist")),
      songList(d.song, actions, "Playlist songs"),
      d.hasMore ? el("button", { type: "button", onclick: () => open(kind, source, id, page + 1) }, "Next page") : null,
    ],
    rank: () =>
      d.list
        ? [heading(`Charts of ${d.source}`), el("ul", {}, d.list.map((c) => el("li", {}, el("button", { type: "button", onclick: () => open("rank", source, c.id) }, `Open chart ${c.name}`))))]
        : [cover(d.cover, ""), heading(`Chart: ${d.name}`), el("p", {}, `updated ${d.updateAt ?? "at an unknown time"}`), songList(d.song, actions, "Chart songs")],
  };
  detail.replaceChildren(...views[kind]().filter(Boolean));
  $("detail-heading").scrollIntoView({ block: "nearest" });
}

// --- Transfer a playlist: /v1/playlist/match, by JSONP for a source's playlist, by POST for a pasted one ---

const FORMATS = ["m3u8", "xspf", "jspf"];
/** A POST reaches only the instance serving this page: the API sends no CORS headers (and the page's policy allows no other). */
const sameInstance = base === new URL(".", location.href).href;

async function transfer(page = 1) {
  const paste = $("transfer-paste").value.trim();
  const source = $("transfer-source").value;
  // A source's playlist is not matched onto its own source.
  const to = [...document.querySelectorAll("#transfer-targets input:checked")].map((input) => input.value).filter((id) => paste || id !== source);
  const params = { ...(paste ? {} : { source, id: $("transfer-id").value.trim() }), to: to.join(","), page, size: 20 };
  $("transfer-state").textContent = `Matching page ${page} onto ${to.join(", ") || "every other source"}…`;
  const answer = await (paste ? post(params, paste) : call("/v1/playlist/match", params)).catch((e) => e);
  if (answer instanceof Error || answer.code !== 0) {
    $("transfer-state").textContent = `Transfer failed: ${failure(answer)}`;
    $("transfer-rows").replaceChildren();
    $("transfer-files").replaceChildren();
    return;
  }
  const d = answer.data;
  const first = (d.page - 1) * d.size + 1;
  $("transfer-state").textContent =
    `${d.name}: tracks ${first}–${first + d.tracks.length - 1} of ${d.total}; ${d.matched} with a copy on every target, ${d.unmatched} without one` +
    `${d.failed.length ? `; no answer from ${d.failed.join(", ")} for some (match again later)` : ""} (${answer.cost} ms upstream).`;
  const rows = d.tracks.map((t) =>
    el("li", {}, el("span", { class: "song-title" }, `${t.position}. ${t.song.name}`), el("span", { class: "song-meta" }, `${t.song.artist.join(", ")} · ${duration(t.song.duration)}`), d.to.map((target) => copyOf(t, target))),
  );
  $("transfer-rows").replaceChildren(...rows);
  const files = d.to.map((target) =>
    el("p", {}, `Copies on ${target}: `, FORMATS.map((format) => (paste ? el("button", { type: "button", onclick: () => download({ ...params, to: target }, paste, format) }, `Download ${format.toUpperCase()}`) : el("a", { href: fileAddress({ ...params, to: target }, format), download: "" }, `Download ${format.toUpperCase()}`)))),
  );
  $("transfer-files").replaceChildren(...files, d.hasMore ? el("button", { type: "button", onclick: () => transfer(page + 1) }, "Next page") : "");
}

/** A track's copy on one target, with how sure the match is; or why there is none. */
function copyOf(track, target) {
  const copy = track.copies[target];
  if (copy) return el("span", { class: "copy" }, `${target}: ${copy.song.name} · ${copy.song.artist.join(", ")} · ${duration(copy.song.duration)} · confidence ${copy.confidence.toFixed(2)} (${copy.reason})`);
  const why = track.failed.includes(target) ? "no answer yet, match again later" : copy === null ? "no copy" : "not matched";
  return el("span", { class: "copy none" }, `${target}: ${why}`);
}

/** The address of a source's playlist page as a file of its copies on one target. */
function fileAddress(params, format) {
  const url = new URL("v1/playlist/match", base);
  for (const [key, value] of Object.entries({ ...params, origin, format })) url.searchParams.set(key, String(value));
  return url.href;
}

/** A pasted playlist sent to this instance: the envelope, or with `format` the file as a Blob. */
async function post(params, paste, format) {
  if (!sameInstance) throw new Error("a pasted playlist can be sent only from the playground of the instance itself: open it there");
  const url = fileAddress(params, format ?? "").replace(/&format=$/, "");
  const started = performance.now();
  const response = await fetch(url, { method: "POST", body: paste, headers: { "content-type": "text/plain" } });
  const outcome = format && response.ok ? await response.blob() : await response.json();
  logRequest(url, outcome instanceof Blob ? { code: 0 } : outcome, Math.round(performance.now() - started), "POST");
  return outcome;
}

async function download(params, paste, format) {
  const file = await post(params, paste, format).catch((e) => e);
  if (!(file instanceof Blob)) {
    $("transfer-state").textContent = `Download failed: ${failure(file)}`;
    return;
  }
  const link = el("a", { href: URL.createObjectURL(file), download: `playlist.${format}` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

$("transfer-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void transfer();
});
$("search-form").addEventListener("submit", search);
$("open-form").addEventListener("submit", (event) => {
  event.preventDefault();
  void open($("open-kind").value, $("open-source").value, $("open-id").value.trim());
});
pasteLink({ form: $("paste-form"), input: $("paste-url"), state: $("paste-state"), item: $("paste-item"), copies: $("paste-copies") }, call, open);
void start();
