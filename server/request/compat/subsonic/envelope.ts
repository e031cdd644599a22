/**
 * The `subsonic-response` envelope (docs/decisions.md, "Subsonic"): `status`, `version`, and
 * OpenSubsonic's `type`, `serverVersion` and `openSubsonic: true`, around one call's payload,
 * as `f` asks: XML (the default), JSON, or JSONP with a `callback` as valid as `/v1`'s. Every
 * answer, an error too, is HTTP 200, as the API wants; an error is `{code, message}` with
 * Subsonic's codes. A payload is written once as an object, in the XSD's element order, and
 * becomes XML by one rule: a scalar is an attribute, an object an element, an array repeated
 * elements, and `value` the element's text (lyrics, their lines).
 */
import { ServiceError, type ErrorKind, type ServiceErrorLike } from "@music-aggregator/core";
import { ERROR_CODES, VERSION } from "@music-aggregator/core/host";
import { CALLBACK_PATTERN } from "../../../engine/params.ts";
import type { Answer } from "../../answer.ts";
import type { Exchange } from "../../exchange.ts";
import { NEVER } from "../../http-caching.ts";

/** The Subsonic API version answered (the last one; OpenSubsonic builds on it). */
export const API_VERSION = "1.16.1";
export const SERVER_TYPE = "music-aggregator";

/** A failure with its Subsonic code: 0 generic, 10 missing parameter, 40 wrong credentials, 42–44 (OpenSubsonic) auth, 50 not allowed, 70 not found. */
export class SubsonicError extends ServiceError {
  override name = "SubsonicError";
  constructor(
    readonly subsonicCode: number,
    message: string,
  ) {
    super(KIND_OF[subsonicCode] ?? "parameter", message);
  }
}

/** What `f` and `callback` ask for; a `jsonp` without a valid callback is answered in JSON, with the error. */
export interface Format {
  f: "xml" | "json" | "jsonp";
  callback?: string;
}

/** The format of the answer to `ex`, from its parameters (a form's too), kept for its failures. */
export function noteFormat(ex: Exchange, params: Record<string, string>): Format {
  const format = formatOf(params);
  FORMATS.set(ex, format);
  return format;
}

/** The format an answer to `ex` is in: as its parameters asked, once read; its query's before. */
export function formatFor(ex: Exchange): Format {
  return FORMATS.get(ex) ?? formatOf(ex.query());
}

export function formatOf(params: Record<string, string>): Format {
  if (params.f === "json") return { f: "json" };
  if (params.f !== "jsonp") return { f: "xml" };
  return CALLBACK_PATTERN.test(params.callback ?? "") ? { f: "jsonp", callback: params.callback } : { f: "json" };
}

/** An `ok` answer carrying `payload` (one element of the response: `{album: {...}}`), or none (ping). */
export function okAnswer(format: Format, payload: Record<string, unknown> = {}): Answer {
  return render(format, "ok", payload, 0);
}

/** A failure in the envelope, with the headers its kind adds (`Retry-After`, `Allow`). */
export function subsonicFailure(format: Format, error: ServiceErrorLike): Answer {
  const code = (error as { subsonicCode?: number }).subsonicCode ?? codeOf(error);
  const answer = render(format, "failed", { error: { code, message: error.message } }, ERROR_CODES[error.kind]);
  if (error.retryAfterSeconds !== undefined && (error.kind === "rateLimited" || error.kind === "shareSpent")) answer.headers["retry-after"] = String(error.retryAfterSeconds);
  if (error.kind === "method") answer.headers.allow = "GET, HEAD, POST";
  return answer;
}

/** Text as XML can carry it: characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates) dropped. */
export function xmlText(text: string, attribute: boolean): string {
  const kept = text.replace(NOT_XML, "");
  return (attribute ? kept.replace(ATTRIBUTE_SPECIALS, (c) => ENTITIES[c]) : kept.replace(TEXT_SPECIALS, (c) => ENTITIES[c]));
}

// --- internal ---

const FORMATS = new WeakMap<Exchange, Format>();
const KIND_OF: Record<number, ErrorKind> = { 10: "parameter", 40: "credentialsWrong", 41: "credentialsWrong", 42: "credentialsWrong", 43: "credentialsWrong", 44: "credentialsWrong", 50: "paid", 70: "notFound" };
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Tabs and line ends too: a parser would make spaces of them, and the XML would not say what the JSON says.
const ATTRIBUTE_SPECIALS = /[&<>"\t\n\r]/g;
const TEXT_SPECIALS = /[&<>\r]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;" };

/** The Subsonic code of a failure of the service's own kinds. */
function codeOf(error: ServiceErrorLike): number {
  if (error.kind === "parameter" && / is required$/.test(error.message)) return 10;
  if (error.kind === "credentialsRequired") return 10;
  if (error.kind === "credentialsWrong") return 40;
  return ["notFound", "gone", "blocked", "source", "capability", "paid"].includes(error.kind) ? 70 : 0;
}

function render(format: Format, status: "ok" | "failed", payload: Record<string, unknown>, code: number): Answer {
  const head = { status, version: API_VERSION, type: SERVER_TYPE, serverVersion: VERSION, openSubsonic: true };
  let body: string;
  let type = "application/json; charset=utf-8";
  if (format.f === "xml") {
    body = `<?xml version="1.0" encoding="UTF-8"?>\n${element("subsonic-response", { xmlns: "http://subsonic.org/restapi", ...head, ...payload })}`;
    type = "application/xml; charset=utf-8";
  } else {
    body = JSON.stringify({ "subsonic-response": { ...head, ...payload } });
    if (format.f === "jsonp") {
      body = `${format.callback}(${body.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")});`;
      type = "application/javascript; charset=utf-8";
    }
  }
  return { status: 200, headers: { "content-type": type, "x-content-type-options": "nosniff" }, body, freshness: NEVER, code };
}

/** An object as one XML element named `name`. */
function element(name: string, object: Record<string, unknown>): string {
  let attributes = "";
  let children = "";
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || value === null) continue;
    if (key === "value" && typeof value === "string") children += xmlText(value, false);
    else if (Array.isArray(value)) for (const item of value) children += child(key, item);
    else if (typeof value === "object") children += element(key, value as Record<string, unknown>);
    else attributes += ` ${key}="${xmlText(String(value), true)}"`;
  }
  return children ? `<${name}${attributes}>${children}</${name}>` : `<${name}${attributes}/>`;
}

function child(name: string, item: unknown): string {
  return typeof item === "object" && item !== null ? element(name, item as Record<string, unknown>) : `<${name}>${xmlText(String(item), false)}</${name}>`;
}
