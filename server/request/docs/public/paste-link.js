/*
 * The playground's "Paste a link" card: a song, album, artist or playlist page of any source,
 * sent to /v1/resolve by JSONP (the service checks it and never fetches it), shown as the item
 * it names and its copies on the other sources, each with how sure the match is, a button to
 * open it in the details card and its page on its source.
 */
import { el, failure, sourceLink } from "./render.js";

/** Wires the card: `parts` its elements, `call` the JSONP caller, `open(kind, source, id)` the details card. */
export function pasteLink(parts, call, open) {
  parts.form.addEventListener("submit", (event) => {
    event.preventDefault();
    void resolve(parts, call, open, parts.input.value.trim());
  });
}

// --- internal ---

async function resolve({ state, item, copies }, call, open, url) {
  state.textContent = "Reading the link…";
  item.replaceChildren();
  copies.replaceChildren();
  const answer = await call("/v1/resolve", { url }).catch((e) => e);
  if (answer instanceof Error || answer.code !== 0) {
    state.textContent = `Could not resolve it: ${failure(answer)}`;
    return;
  }
  const { kind, item: found, copies: list, failed } = answer.data;
  const by = found.artist ? ` · ${found.artist.join(", ")}` : found.creator ? ` · by ${found.creator}` : "";
  item.replaceChildren(
    el("p", {}, el("span", { class: "song-title", id: "paste-item-title" }, `${kind}: ${found.name}`), by, ` on ${found.source} `, el("button", { type: "button", onclick: () => open(kind, found.source, found.id) }, "Open")),
  );
  const none = kind === "artist" || kind === "playlist" ? "an artist or a playlist has no copies" : "no copy on the other sources";
  state.textContent = `${list.length ? `${list.length} ${list.length === 1 ? "copy" : "copies"} elsewhere` : none}${failed.length ? `; no answer from ${failed.join(", ")}` : ""} (${answer.cost} ms upstream).`;
  copies.replaceChildren(
    ...list.map((copy) =>
      el(
        "li",
        {},
        el("span", { class: "song-title" }, `${copy.source}: ${copy.id}`),
        el("span", { class: "song-meta" }, `confidence ${copy.confidence.toFixed(2)} (${copy.reason})`),
        el("button", { type: "button", onclick: () => open(kind, copy.source, copy.id) }, "Open"),
        copy.link ? sourceLink(copy.link) : null,
      ),
    ),
  );
}
