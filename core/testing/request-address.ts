/**
 * The address a request goes to: its path joined to the base address, its query added, both
 * written as the service's client writes them (ofetch's rules), so that what a simulator logs
 * in a plugin's tests is what the upstream would see from the service.
 */
import type { OutgoingRequest } from "../http/upstream-client.ts";

type QueryValue = string | number | boolean | readonly (string | number)[];

export function requestAddress(request: Pick<OutgoingRequest, "target" | "baseURL" | "query">): string {
  const address = request.baseURL ? withBase(request.target, request.baseURL) : request.target;
  if (!request.query) return address;
  const [beforeHash, hash = ""] = splitOnce(address, "#");
  const [path, search = ""] = splitOnce(beforeHash, "?");
  const query = { ...parseQuery(search), ...request.query } as Record<string, QueryValue | undefined>;
  const text = Object.entries(query)
    .filter((entry): entry is [string, QueryValue] => entry[1] !== undefined)
    .map(([key, value]) => queryItem(key, value))
    .filter(Boolean)
    .join("&");
  return `${path}${text ? `?${text}` : ""}${hash ? `#${hash}` : ""}`;
}

// --- internal ---

function withBase(path: string, base: string): string {
  if (base === "/" || /^[\s\w\0+.-]{2,}:([/\\]{2})?/.test(path)) return path;
  const root = base.endsWith("/") ? base.slice(0, -1) : base;
  if (path.startsWith(root) && [undefined, "/", "?"].includes(path[root.length])) return path;
  if (!path || path === "/") return root;
  return `${root}/${path.replace(/^\.?\//, "")}`;
}

function queryItem(key: string, value: QueryValue): string {
  const text = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  if (!text) return encodeKey(key);
  if (Array.isArray(text)) return text.map((item) => `${encodeKey(key)}=${encodeValue(item)}`).join("&");
  return `${encodeKey(key)}=${encodeValue(text as string)}`;
}

function encodeValue(value: string | number): string {
  return encodeURI(typeof value === "string" ? value : JSON.stringify(value))
    .replace(/%7c/gi, "|")
    .replace(/\+/g, "%2B")
    .replace(/%20/gi, "+")
    .replace(/#/g, "%23")
    .replace(/&/g, "%26")
    .replace(/%60/gi, "`")
    .replace(/%5e/gi, "^")
    .replace(/\//g, "%2F");
}

function encodeKey(key: string): string {
  return encodeValue(key).replace(/=/g, "%3D");
}

function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const parameter of search.split("&")) {
    const match = parameter.match(/([^=]+)=?(.*)/);
    if (!match) continue;
    const key = decode(match[1]);
    if (key === "__proto__" || key === "constructor") continue;
    const value = decode(match[2] ?? "");
    const held = query[key];
    query[key] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  }
  return query;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
