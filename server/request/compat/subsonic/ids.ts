/**
 * Subsonic ids (docs/decisions.md, "Subsonic"): opaque strings that carry what an item is, its
 * source and the source's own id, so that any instance answers them, before and after a
 * restart, with no table: `al-source_a-NzAwMg` is album `7002` of `source_a`. The native id is
 * base64url (no padding), so nothing in it can break a path, a query, an attribute or a file
 * name a client makes of it; a source id has no `-`, so the first two `-` split an id.
 */
import { MAX_ID_LENGTH } from "../../../engine/params.ts";
import { SubsonicError } from "./envelope.ts";

/** song, album, artist, playlist, chart */
export const KINDS = ["so", "al", "ar", "pl", "ch"] as const;
export type Kind = (typeof KINDS)[number];

export interface ItemId {
  kind: Kind;
  source: string;
  id: string;
}

export function encodeId(kind: Kind, source: string, id: string): string {
  return `${kind}-${source}-${Buffer.from(id, "utf8").toString("base64url")}`;
}

/** The item an id names; error 70 for anything this service did not make, or of another kind than `kinds`. */
export function decodeId(text: string, ...kinds: Kind[]): ItemId {
  const match = ID.exec(text);
  const kind = match?.[1] as Kind | undefined;
  const id = match ? Buffer.from(match[3], "base64url").toString("utf8") : "";
  if (!kind || !kinds.includes(kind) || !id || id.length > MAX_ID_LENGTH || /[\u0000-\u001f\u007f\ufffd]/.test(id)) {
    throw new SubsonicError(70, `no ${kinds.map((k) => NAMES[k]).join(" or ")} has the id ${JSON.stringify(text.slice(0, 80))}`);
  }
  return { kind, source: match![2], id };
}

// --- internal ---

// 512 characters of up to 4 bytes each, in base64.
const ID = /^(so|al|ar|pl|ch)-([a-z][a-z0-9_]{0,31})-([A-Za-z0-9_-]{1,2731})$/;
const NAMES: Record<Kind, string> = { so: "song", al: "album", ar: "artist", pl: "playlist", ch: "playlist" };
