/**
 * Checks of written playlist files against their formats, independent of the service's own
 * reader: XSPF against the rules of its schema (version 1, namespace `http://xspf.org/ns/0/`,
 * the elements and order of `playlist` and `track`, at most one of each single element,
 * `duration` a non-negative integer, `trackNum` a positive one, URIs where the schema says
 * anyURI, `rel` on `link` and `meta`) after a strict well-formedness check; JSPF against the
 * shape ListenBrainz documents (`{"playlist": {…, "track": [{…}]}}`, no other keys, locations
 * and identifiers URIs, `duration` whole milliseconds, extensions keyed by URI). Each returns
 * what is wrong (nothing when the file is valid).
 */
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { parseXml } from "../api/xml.ts";

export function xspfProblems(text: string): string[] {
  try {
    parseXml(text);
  } catch (error) {
    return [(error as Error).message];
  }
  const problems: string[] = [];
  const nodes = ORDERED.parse(text) as XmlNode[];
  const root = nodes.find((n) => elementName(n) !== undefined && elementName(n) !== "?xml");
  if (!root || elementName(root) !== "playlist") return ["the root element is not playlist"];
  const attributes = root[":@"] as Record<string, string> | undefined;
  if (attributes?.xmlns !== "http://xspf.org/ns/0/") problems.push("playlist: xmlns is not http://xspf.org/ns/0/");
  if (attributes?.version !== "1" && attributes?.version !== "0") problems.push("playlist: version is not 1");
  const playlist = sequence("playlist", children(root), PLAYLIST, problems);
  const lists = playlist.filter((n) => elementName(n) === "trackList");
  if (lists.length !== 1) problems.push("playlist: expected one trackList");
  for (const list of lists) {
    children(list).forEach((track, i) => {
      if (elementName(track) !== "track") problems.push(`trackList: ${elementName(track)} is not a track`);
      else sequence(`track ${i + 1}`, children(track), TRACK, problems);
    });
  }
  return problems;
}

export function jspfProblems(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [(error as Error).message];
  }
  const result = Jspf.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

// --- internal ---

type XmlNode = Record<string, unknown>;
const ORDERED = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false, processEntities: false });

/** The order of the schema's elements; `many` may repeat, `type` checks the text. */
type Rule = { name: string; many?: true; type?: "uri" | "count" | "positive" | "date" | "text"; rel?: true };
const text = (name: string): Rule => ({ name, type: "text" });
const uri = (name: string, many?: true): Rule => ({ name, type: "uri", many });
const PLAYLIST: Rule[] = [
  text("title"), text("creator"), text("annotation"), uri("info"), uri("location"), uri("identifier"), uri("image"), { name: "date", type: "date" }, uri("license"),
  { name: "attribution" }, { name: "link", many: true, type: "uri", rel: true }, { name: "meta", many: true, type: "text", rel: true }, { name: "extension", many: true }, { name: "trackList" },
];
const TRACK: Rule[] = [
  uri("location", true), uri("identifier", true), text("title"), text("creator"), text("annotation"), uri("info"), uri("image"), text("album"),
  { name: "trackNum", type: "positive" }, { name: "duration", type: "count" }, { name: "link", many: true, type: "uri", rel: true }, { name: "meta", many: true, type: "text", rel: true }, { name: "extension", many: true },
];

const elementName = (node: XmlNode) => Object.keys(node).find((k) => k !== ":@" && k !== "#text");
const children = (node: XmlNode) => ((node[elementName(node)!] as XmlNode[]) ?? []).filter((n) => elementName(n) !== undefined || String(n["#text"] ?? "").trim() !== "");

/** Checks `nodes` against the schema's sequence `rules`; returns the elements. */
function sequence(where: string, nodes: XmlNode[], rules: Rule[], problems: string[]): XmlNode[] {
  let at = 0;
  const seen = new Set<string>();
  for (const node of nodes) {
    const name = elementName(node);
    if (name === undefined) {
      problems.push(`${where}: text outside an element`);
      continue;
    }
    const index = rules.findIndex((r) => r.name === name);
    if (index < 0) problems.push(`${where}: ${name} is not an element of it`);
    else if (index < at) problems.push(`${where}: ${name} is out of the schema's order`);
    else if (seen.has(name) && !rules[index].many) problems.push(`${where}: more than one ${name}`);
    else {
      at = index;
      seen.add(name);
      checkValue(`${where} ${name}`, node, rules[index], problems);
    }
  }
  return nodes;
}

function checkValue(where: string, node: XmlNode, rule: Rule, problems: string[]): void {
  if (rule.rel && !(node[":@"] as Record<string, string> | undefined)?.rel) problems.push(`${where}: no rel`);
  if (!rule.type) return;
  const inner = node[elementName(node)!] as XmlNode[];
  if (inner.some((n) => elementName(n) !== undefined)) return void problems.push(`${where}: elements inside a text element`);
  const value = inner.map((n) => String(n["#text"] ?? "")).join("").trim();
  const ok = { uri: isUri(value.replace(/&amp;/g, "&")), count: /^\d+$/.test(value), positive: /^[1-9]\d*$/.test(value), date: !Number.isNaN(Date.parse(value)), text: true }[rule.type];
  if (!ok) problems.push(`${where}: ${JSON.stringify(value)} is not a valid ${rule.type}`);
}

function isUri(value: string): boolean {
  try {
    return Boolean(new URL(value));
  } catch {
    return false;
  }
}

const Uri = z.string().refine(isUri, "expected a URI");
const Links = z.array(z.record(Uri, Uri));
const Metas = z.array(z.record(Uri, z.string()));
const Extensions = z.record(Uri, z.unknown());
const JspfTrack = z.strictObject({
  location: z.array(Uri).optional(),
  identifier: z.union([Uri, z.array(Uri)]).optional(),
  title: z.string().optional(),
  creator: z.string().optional(),
  annotation: z.string().optional(),
  info: Uri.optional(),
  image: Uri.optional(),
  album: z.string().optional(),
  trackNum: z.number().int().positive().optional(),
  duration: z.number().int().nonnegative().optional(),
  link: Links.optional(),
  meta: Metas.optional(),
  extension: Extensions.optional(),
});
const Jspf = z.strictObject({
  playlist: z.strictObject({
    title: z.string().optional(),
    creator: z.string().optional(),
    annotation: z.string().optional(),
    info: Uri.optional(),
    location: Uri.optional(),
    identifier: Uri.optional(),
    image: Uri.optional(),
    date: z.iso.datetime({ offset: true }).optional(),
    license: Uri.optional(),
    attribution: z.array(z.record(z.string(), Uri)).optional(),
    link: Links.optional(),
    meta: Metas.optional(),
    extension: Extensions.optional(),
    track: z.array(JspfTrack),
  }),
});
