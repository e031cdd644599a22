/*
 * "Also on …": the other sources an all-search entry's recording is on (its `alternatives`),
 * each a button that opens that copy. Nothing for a song without alternatives.
 */
import { el } from "./render.js";

/** The "also on" links of `song`, opening each copy with `open(kind, source, id)`; null when there are none. */
export function alsoOn(song, open) {
  const others = song.alternatives ?? [];
  if (!others.length) return null;
  const state = (alt) => (alt.vip ? " (VIP)" : alt.available ? "" : " (not playable)");
  const links = others.map((alt) =>
    el("button", { type: "button", class: "link", "aria-label": `${song.name} on ${alt.source}${state(alt)}`, onclick: () => open("song", alt.source, alt.id) }, `${alt.source}${state(alt)}`),
  );
  return el("span", { class: "also-on" }, "also on ", links);
}
