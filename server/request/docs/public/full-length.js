/*
 * "Play full length from source_x": for a song that is VIP, not playable or only a preview, the
 * same recording on another source, found by /v1/song/url with fallback=1, and how sure the
 * match is. Nothing when the song plays in full already or no copy plays.
 */
import { el } from "./render.js";

/** A paragraph that fills in once the API has answered; `play(song, address, note)` plays the copy. */
export function fullLengthOffer(song, call, play) {
  const holder = el("p", { class: "full-length" });
  void call("/v1/song/url", { source: song.source, id: song.id, fallback: 1 })
    .then((answer) => {
      const from = answer.code === 0 ? answer.data.matchedFrom : undefined;
      if (!from) return;
      const { source, id, url, preview } = answer.data;
      const how = `${preview ? "Play a preview" : "Play full length"} from ${source}`;
      const sure = `match confidence ${Math.round(from.confidence * 100)} %`;
      const copy = { ...song, source, id };
      holder.replaceChildren(el("button", { type: "button", onclick: () => play(copy, url, `${how.slice(5)}: the same recording (${sure}).`) }, how), ` (${sure})`);
    })
    .catch(() => undefined);
  return holder;
}
