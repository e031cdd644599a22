/**
 * Subsonic's XML answers checked against the rules of the Subsonic 1.16.1 XSD
 * (subsonic-rest-api-1.16.1.xsd), written out by hand: the XSD is not under a licence this
 * project can ship, so its rules for the elements `/rest` answers are restated here: each
 * element's required attributes and their types, the children it may have (in the XSD's
 * sequence order), and OpenSubsonic's additions (`type`, `serverVersion`, `openSubsonic`,
 * `artists`, `lyricsList`, ...). XML is parsed by fast-xml-parser with entity expansion off;
 * only the five predefined entities and character references are read, by hand.
 * `xmlView` and `jsonView` make an XML and a JSON answer comparable: every scalar a string,
 * every child element a list.
 */
import { XMLParser } from "fast-xml-parser";

type Node = Record<string, unknown>;
interface Rule {
  required?: Record<string, Type>;
  optional?: Record<string, Type>;
  /** children in the XSD's sequence order, each the rule it follows */
  children?: [string, string][];
  text?: boolean;
}
type Type = "string" | "int" | "long" | "boolean" | "dateTime" | "mediaType" | "status";

const CHILD: Rule = {
  required: { id: "string", isDir: "boolean", title: "string" },
  optional: {
    parent: "string", album: "string", artist: "string", track: "int", year: "int", genre: "string", coverArt: "string", size: "long", contentType: "string",
    suffix: "string", duration: "int", bitRate: "int", path: "string", isVideo: "boolean", playCount: "long", discNumber: "int", created: "dateTime",
    albumId: "string", artistId: "string", type: "mediaType", mediaType: "string", displayArtist: "string",
  },
  children: [["artists", "artistRef"]],
};
const ALBUM: Rule = {
  required: { id: "string", name: "string", songCount: "int", duration: "int", created: "dateTime" },
  optional: { artist: "string", artistId: "string", coverArt: "string", year: "int", genre: "string", displayArtist: "string" },
};
const ARTIST_ID3: Rule = { required: { id: "string", name: "string", albumCount: "int" }, optional: { coverArt: "string", artistImageUrl: "string" } };
const PLAYLIST: Rule = {
  required: { id: "string", name: "string", songCount: "int", duration: "int", created: "dateTime", changed: "dateTime" },
  optional: { comment: "string", owner: "string", public: "boolean", coverArt: "string" },
};
const SONGS: Rule = { children: [["song", "child"]] };
const ROLES = ["scrobblingEnabled", "adminRole", "settingsRole", "downloadRole", "uploadRole", "playlistRole", "coverArtRole", "commentRole", "podcastRole", "streamRole", "jukeboxRole", "shareRole", "videoConversionRole"];

/** Each element's rule, by the name of the rule (mostly the element's own name). */
const RULES: Record<string, Rule> = {
  "subsonic-response": { required: { status: "status", version: "string" }, optional: { xmlns: "string", type: "string", serverVersion: "string", openSubsonic: "boolean" } },
  error: { required: { code: "int" }, optional: { message: "string" } },
  license: { required: { valid: "boolean" } },
  musicFolders: { children: [["musicFolder", "musicFolder"]] },
  musicFolder: { required: { id: "int" }, optional: { name: "string" } },
  artists: { required: { ignoredArticles: "string" }, children: [["index", "indexID3"]] },
  indexID3: { required: { name: "string" }, children: [["artist", "artistID3"]] },
  artistID3: ARTIST_ID3,
  indexes: { required: { lastModified: "long", ignoredArticles: "string" }, children: [["shortcut", "artistRef"], ["index", "index"], ["child", "child"]] },
  index: { required: { name: "string" }, children: [["artist", "artistRef"]] },
  artistRef: { required: { id: "string", name: "string" } },
  artist: { ...ARTIST_ID3, children: [["album", "albumID3"]] },
  albumID3: ALBUM,
  album: { ...ALBUM, children: [["song", "child"]] },
  song: CHILD,
  child: CHILD,
  directory: { required: { id: "string", name: "string" }, optional: { parent: "string" }, children: [["child", "child"]] },
  searchResult3: { children: [["artist", "artistID3"], ["album", "albumID3"], ["song", "child"]] },
  albumList2: { children: [["album", "albumID3"]] },
  albumList: { children: [["album", "child"]] },
  randomSongs: SONGS,
  similarSongs: SONGS,
  similarSongs2: SONGS,
  topSongs: SONGS,
  playlists: { children: [["playlist", "playlistMeta"]] },
  playlistMeta: PLAYLIST,
  playlist: { ...PLAYLIST, children: [["entry", "child"]] },
  lyrics: { optional: { artist: "string", title: "string" }, text: true },
  lyricsList: { children: [["structuredLyrics", "structuredLyrics"]] },
  structuredLyrics: { required: { lang: "string", synced: "boolean" }, optional: { offset: "int", displayArtist: "string", displayTitle: "string" }, children: [["line", "line"]] },
  line: { optional: { start: "long" }, text: true },
  openSubsonicExtensions: { required: { name: "string" }, children: [["versions", "versions"]] },
  versions: { text: true },
  user: { required: { username: "string", ...Object.fromEntries(ROLES.map((role) => [role, "boolean" as Type])) }, children: [["folder", "versions"]] },
  tokenInfo: { required: { username: "string" } },
  scanStatus: { required: { scanning: "boolean" }, optional: { count: "long" } },
  genres: {},
  starred2: {},
};

const TYPES: Record<Type, RegExp> = {
  string: /^[\s\S]*$/,
  int: /^-?\d{1,10}$/,
  long: /^-?\d{1,19}$/,
  boolean: /^(true|false)$/,
  dateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  mediaType: /^(music|podcast|audiobook|video)$/,
  status: /^(ok|failed)$/,
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", processEntities: false, preserveOrder: true, parseAttributeValue: false, parseTagValue: false, trimValues: false });

/** The problems of an XML answer against the XSD's rules; none when it is valid. */
export function xsdProblems(xml: string): string[] {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) return ["no XML declaration"];
  const roots = (parser.parse(xml) as Node[]).filter((node) => !("?xml" in node));
  if (roots.length !== 1 || !("subsonic-response" in roots[0])) return ["the root is not one subsonic-response"];
  const problems: string[] = [];
  const children = check(roots[0], "subsonic-response", "subsonic-response", problems);
  const named = children.map((child) => nameOf(child));
  // The response is a choice: one element at most (several of one list, for openSubsonicExtensions).
  if (new Set(named).size > 1) problems.push(`subsonic-response holds ${named.join(", ")}: the XSD allows one`);
  for (const child of children) {
    const name = nameOf(child);
    if (!RULES[name]) problems.push(`subsonic-response: no rule for <${name}>`);
    else check(child, name, name, problems);
  }
  return problems;
}

/** An XML answer as data: the response's attributes and children, every value a string, every child a list. */
export function xmlView(xml: string): Node {
  const root = (parser.parse(xml) as Node[]).find((node) => "subsonic-response" in node)!;
  return { "subsonic-response": view(root) };
}

/** A JSON answer as `xmlView` shows XML: scalars as strings, child objects as lists of one. */
export function jsonView(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((item) => jsonView(item, false));
  if (value === null || typeof value !== "object") return String(value);
  const object: Node = {};
  for (const [key, item] of Object.entries(value)) {
    // An empty text is no text in XML (`<line start="5000"/>`).
    if (key === "value" && item === "") continue;
    object[key] = !top && item !== null && typeof item === "object" && !Array.isArray(item) ? [jsonView(item, false)] : jsonView(item, false);
  }
  return object;
}

// --- internal ---

function nameOf(node: Node): string {
  return Object.keys(node).find((key) => key !== ":@")!;
}

function check(node: Node, name: string, ruleName: string, problems: string[]): Node[] {
  const rule = RULES[ruleName];
  const attributes = (node[":@"] ?? {}) as Record<string, string>;
  const where = `<${name}>`;
  for (const [attribute, type] of Object.entries(rule.required ?? {})) {
    if (attributes[attribute] === undefined) problems.push(`${where} lacks required attribute ${attribute}`);
  }
  const types = { ...rule.required, ...rule.optional };
  for (const [attribute, value] of Object.entries(attributes)) {
    if (!types[attribute]) problems.push(`${where} has attribute ${attribute}, which the XSD does not declare`);
    else if (!TYPES[types[attribute]].test(unescape(value))) problems.push(`${where} ${attribute}="${value}" is not an ${types[attribute]}`);
  }
  const children = (node[name] as Node[]).filter((child) => !("#text" in child));
  if ((node[name] as Node[]).some((child) => "#text" in child) && !rule.text) problems.push(`${where} has text`);
  if (name === "subsonic-response") return children;
  let at = 0;
  for (const child of children) {
    const childName = nameOf(child);
    const index = (rule.children ?? []).findIndex(([n]) => n === childName);
    if (index < 0) problems.push(`${where} has a child <${childName}>, which the XSD does not declare`);
    else if (index < at) problems.push(`${where}: <${childName}> comes after what follows it in the XSD's sequence`);
    else {
      at = index;
      check(child, childName, rule.children![index][1], problems);
    }
  }
  return children;
}

function view(node: Node): Node {
  const name = nameOf(node);
  const object: Node = {};
  for (const [key, value] of Object.entries((node[":@"] ?? {}) as Record<string, string>)) if (key !== "xmlns") object[key] = unescape(value);
  for (const child of node[name] as Node[]) {
    if ("#text" in child) object.value = ((object.value as string | undefined) ?? "") + unescape(String(child["#text"]));
    else {
      const childName = nameOf(child);
      const list = (object[childName] ??= []) as unknown[];
      list.push(isTextOnly(child) ? unescape(String((child[childName] as Node[])[0]?.["#text"] ?? "")) : view(child));
    }
  }
  return object;
}

/** The lists of scalars of the XSD (a number each): elements of text only. */
function isTextOnly(node: Node): boolean {
  return ["versions", "folder"].includes(nameOf(node));
}

/** The predefined entities and character references: never a declared entity. */
function unescape(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (_, ref: string) =>
    ref[0] === "#" ? String.fromCodePoint(ref[1].toLowerCase() === "x" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : named[ref],
  );
}
