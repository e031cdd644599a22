/*
 * The playground's player: asks the API for a song's public address, plays it in the page's
 * <audio> element, and shows the song's LRC lyrics with the line being sung marked as the
 * audio plays (and when it is moved).
 */
import { lineAt, parseLrc } from "./lrc.js";
import { el, failure, sourceLink } from "./render.js";

/** `parts`: the audio, now-playing, state and lyrics elements; `call(path, params)`: the API. */
export function createPlayer({ audio, nowPlaying, state, lyrics }, call) {
  let lines = [];
  let current = -1;
  // Each play() takes a ticket: answers for a song no longer playing are dropped.
  let ticket = 0;

  const say = (text, isError = false) => {
    state.textContent = text;
    state.classList.toggle("error", isError);
  };

  const follow = () => {
    const index = lineAt(lines, audio.currentTime);
    if (index === current) return;
    const items = lyrics.children;
    if (items[current]) {
      items[current].classList.remove("current");
      items[current].removeAttribute("aria-current");
    }
    current = index;
    if (items[current]) {
      items[current].classList.add("current");
      items[current].setAttribute("aria-current", "true");
      items[current].scrollIntoView({ block: "nearest" });
    }
  };
  audio.addEventListener("timeupdate", follow);
  audio.addEventListener("seeked", follow);
  audio.addEventListener("error", () => audio.getAttribute("src") && say("The browser could not play this address.", true));

  async function loadLyrics(song, mine) {
    const answer = await call("/v1/lyric", { source: song.source, id: song.id }).catch((error) => error);
    if (mine !== ticket) return;
    if (answer instanceof Error || answer.code !== 0) {
      lyrics.replaceChildren(el("li", {}, `No lyrics: ${failure(answer)}`));
      return;
    }
    lines = parseLrc(answer.data.lyric);
    current = -1;
    lyrics.replaceChildren(...lines.map((line) => el("li", { "data-time": line.time ?? "" }, line.text || "♪")));
    follow();
  }

  /** Beside a preview, the song's page on its source (Apple asks for one): from /v1/song, which the url's lookup left cached. */
  async function linkSource(song, mine) {
    const answer = await call("/v1/song", { source: song.source, id: song.id }).catch((error) => error);
    const link = answer instanceof Error || answer.code !== 0 || !answer.data.link ? null : sourceLink(answer.data.link);
    if (mine === ticket && link) nowPlaying.append(" ", link);
  }

  /**
   * Plays `song`: from `address` when the caller has one (a playlist's with_url, a copy
   * elsewhere: `note` says which), else from /v1/song/url; a VIP or unplayable song with
   * fallback=1, so that the same recording plays from another source when one has it.
   */
  async function play(song, address, note = "Address from the playlist answer (with_url=1).") {
    const mine = ++ticket;
    nowPlaying.replaceChildren(el("strong", {}, song.name), ` by ${song.artist.join(", ") || "unknown artist"} (${song.source}, id ${song.id})`);
    // Whatever comes of this song, the previous one is gone: its audio unloaded, not only paused.
    audio.pause();
    audio.removeAttribute("src");
    audio.load();
    lines = [];
    current = -1;
    lyrics.replaceChildren(el("li", {}, "Loading lyrics…"));
    void loadLyrics(song, mine);

    let url = address;
    let preview = song.preview === true;
    if (!url) {
      const elsewhere = song.vip || !song.available;
      say(elsewhere ? `${song.vip ? "VIP" : "Not playable"} on ${song.source}: looking for the same recording elsewhere…` : "Asking for a public address…");
      const answer = await call("/v1/song/url", { source: song.source, id: song.id, fallback: elsewhere ? 1 : undefined }).catch((error) => error);
      if (mine !== ticket) return;
      if (answer instanceof Error || answer.code !== 0) {
        return say(elsewhere ? `Cannot play: ${failure(answer)}; no other source has a copy that plays.` : `No address: ${failure(answer)}`, true);
      }
      const { quality, bitrate, matchedFrom } = answer.data;
      preview = answer.data.preview === true;
      url = answer.data.url;
      const copy = matchedFrom ? ` from ${answer.data.source}, the same recording (match confidence ${Math.round(matchedFrom.confidence * 100)} %)` : "";
      say(`${preview ? "Preview clip" : "Full song"}${copy}, ${quality}, ${bitrate} kbps.`);
    } else {
      say(preview ? `${note.replace(/\.$/, "")}: a preview clip.` : note);
    }
    if (preview) void linkSource(song, mine);
    audio.src = url;
    try {
      await audio.play();
    } catch (error) {
      // Other failures (an address that cannot be played) are told by the audio's error event.
      if (mine === ticket && error?.name === "NotAllowedError") say("Press play to listen: this browser wants a click first.");
    }
  }

  return { play };
}
