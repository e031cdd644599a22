/**
 * A web link from outside (`/v1/resolve?url=`), checked before any plugin sees it: a link is
 * someone's text, and the service must never be turned into a proxy or tricked into reading
 * another host's link as a source's. One pass over a bounded text, then the WHATWG parser, then
 * exact comparisons: no pattern here can take more than linear time.
 *
 * Refused (1001): more than `MAX_LINK_LENGTH` characters; control characters, spaces or
 * backslashes (the parser would read `\` as `/`); encoded separators and dots in the path
 * (`%2F`, `%5C`, `%00`, `%2E`, and `%25`, an encoded `%`); anything but http and https; a user name or password
 * (`https://www.deezer.com@evil.example/`); a port, the scheme's own too (`:443`); a host written
 * in anything but ASCII (a look-alike, or full-width dots IDNA would map to a source's host),
 * percent-encoded (which the parser decodes before IDNA maps it), or after any number of slashes
 * (`https:www．deezer．com` is parsed as `https://www.deezer.com`); a host that is not exactly one
 * a source declares (punycode, `xn--…`, never matches).
 */
import { InputError } from "@music-aggregator/core";

/** The longest link read: longer than any page address of the bundled sources. */
export const MAX_LINK_LENGTH = 2048;

/** Characters no link of a source's page holds: controls, whitespace, backslashes. */
const FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0\\]/;
/** Encoded separators and dots, and an encoded `%` (a second decoding), in a path. */
const ENCODED = /%(?:2[fFeE5]|5[cC]|00)/;
/** The link before its query and fragment. */
const BEFORE_QUERY = /^[^?#]*/;
/**
 * The authority of an http(s) link as written (before the parser decodes `%..`, maps `．` to `.`
 * and Unicode to punycode): the parser takes it after any number of slashes, none too.
 */
const AUTHORITY = /^https?:\/*([^/?#]*)/i;
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * `text` as a link to one of `hosts` (lower-case ASCII names), or an InputError naming what is
 * wrong; every refusal names the hosts that are understood.
 */
export function webLink(text: string, hosts: readonly string[]): URL {
  const understood = () => (hosts.length ? `links to ${hosts.join(", ")} are understood` : "no enabled source understands links");
  const refuse = (why: string): never => {
    throw new InputError(`parameter url ${why}; ${understood()}`);
  };
  if (text.length > MAX_LINK_LENGTH) refuse(`must be at most ${MAX_LINK_LENGTH} characters`);
  const found = FORBIDDEN.exec(text)?.[0];
  if (found !== undefined) refuse(`must not hold ${found === "\\" ? "backslashes" : "spaces or control characters"}`);
  // In the path: a query's values (tracking parameters) may encode what they like, plugins read none of them into a path.
  const encoded = ENCODED.exec(BEFORE_QUERY.exec(text)![0])?.[0];
  if (encoded !== undefined) refuse(`must not hold encoded separators or dots in its path (${encoded.toUpperCase()})`);
  // A host written in Unicode is never a source's, even where IDNA maps it to one (`www．deezer．com`).
  const written = AUTHORITY.exec(text)?.[1] ?? "";
  if (NON_ASCII.test(written)) refuse("must name its host in ASCII");
  if (written.includes("%")) refuse("must not percent-encode its host");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse("is no web link (an absolute http or https address)");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") refuse("must be an http or https link");
  if (url.username !== "" || url.password !== "") refuse("must not name a user or a password");
  // The parser drops a scheme's own port (`:443`) from `url.port`: what was written says it (user info is refused above, `]` ends an IPv6 address).
  if (url.port !== "" || written.lastIndexOf(":") > written.lastIndexOf("]")) refuse("must not name a port");
  if (!hosts.includes(url.hostname)) refuse("names a host no enabled source understands");
  return url;
}
