/**
 * Share-link parsing. Nothing parsed here is ever fetched: a link only yields a short code and
 * an extract code, and the plugin builds every upstream URL from its own base URL.
 *
 * The raw text is checked before it is parsed, because WHATWG URL parsing quietly repairs what
 * must be refused instead: it percent-decodes hosts (`pan%2ebaidu.com`), treats `\` as `/`,
 * drops default ports and accepts `user@host`. Only the exact host text is let through.
 */
import { InputError, type ShareRef } from "@music-aggregator/core";

/** The hosts whose share links are accepted (exact, lowercase, no port). */
export const SHARE_HOSTS: readonly string[] = ["pan.baidu.com", "yun.baidu.com"];

/** An extract code: 4 letters or digits (docs/decisions.md (/api)). */
export const EXTRACT_CODE = /^[A-Za-z0-9]{4}$/;

const MAX_LINK_LENGTH = 2048;
/** a short code as it follows `/s/`, with its leading `1` */
const SHORT_CODE = /^1[A-Za-z0-9_-]{4,64}$/;
/** the `surl` of `/share/init?surl=`: the short code without its leading `1` */
const SURL = /^[A-Za-z0-9_-]{4,64}$/;
/** scheme, then the raw authority up to the first `/`, `?` or `#` */
const LINK = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i;

const badLink = () =>
  new InputError("surl must be a share link on pan.baidu.com or yun.baidu.com (/s/1xxxx or /share/init?surl=xxxx) or a bare short code");

/**
 * Parses a share link or bare short code. `pwd` (when given and not empty) wins over a `?pwd=`
 * inside the link. Throws `InputError` for anything else; never echoes the input.
 */
export function parseShareLink(input: string, pwd?: string): ShareRef {
  const text = typeof input === "string" ? input.trim() : "";
  // Whitespace, controls and backslashes have no place in a share link or code.
  if (!text || text.length > MAX_LINK_LENGTH || /[\s\u0000-\u001f\u007f\\]/.test(text)) throw badLink();

  const parsed = SURL.test(text) ? { shortCode: bareCode(text) } : parseLink(text);
  const code = pwd === undefined || pwd === "" ? parsed.linkPwd : pwd;
  if (code !== undefined && !EXTRACT_CODE.test(code)) throw new InputError("pwd must be 4 letters or digits");
  return code === undefined ? { shortCode: parsed.shortCode } : { shortCode: parsed.shortCode, pwd: code };
}

/** The short code without its leading `1`, as `/share/verify` and `/share/list` want it. */
export function surlOf(ref: ShareRef): string {
  return ref.shortCode.slice(1);
}

// --- internal ---

/**
 * A bare code is what follows `/s/` (leading `1`) or the `surl` of an init link (without it).
 * The two cannot be told apart when a `surl` itself begins with `1`; full links are exact.
 */
function bareCode(text: string): string {
  return text.startsWith("1") ? text : `1${text}`;
}

function parseLink(raw: string): { shortCode: string; linkPwd?: string } {
  // Links pasted without a scheme are common; they get https, nothing else does.
  const text = SHARE_HOSTS.some((host) => raw.toLowerCase().startsWith(`${host}/`)) ? `https://${raw}` : raw;
  const match = LINK.exec(text);
  // The raw authority must be exactly a share host: no userinfo, port, %-escape or IP literal.
  if (!match || !SHARE_HOSTS.includes(match[2].toLowerCase())) throw badLink();

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badLink();
  }
  // Checked again on the parsed form, so a parser quirk cannot widen what the text check let in.
  const sameHost = SHARE_HOSTS.includes(url.hostname) && !url.username && !url.password && !url.port;
  if (!sameHost || (url.protocol !== "https:" && url.protocol !== "http:")) throw badLink();

  const linkPwd = url.searchParams.get("pwd") ?? undefined;
  const path = url.pathname.replace(/\/+$/, "");
  const short = /^\/s\/([^/]+)$/.exec(path);
  if (short && SHORT_CODE.test(short[1])) return { shortCode: short[1], linkPwd };
  const surl = url.searchParams.get("surl");
  if (path === "/share/init" && surl && SURL.test(surl)) return { shortCode: `1${surl}`, linkPwd };
  throw badLink();
}
