/**
 * What Meting's `server` (and `/embed`'s `source`) takes: this service's source ids
 * (`source_a`) and the upstreams' names, which are the plugins' ids (`deezer`, `itunes`,
 * `audius`, `archive`, `jamendo`, any third-party plugin's). The Chinese streaming services
 * Meting APIs are usually pointed at are answered with a refusal that names what is served.
 */
import type { BoundSource, SourceRegistry } from "../../engine/sources/source-registry.ts";
import { SourceError } from "../../engine/errors.ts";

/** The `server` values of Meting and its forks; none of these services is read here. */
const NOT_SERVED = new Set(["netease", "tencent", "kugou", "baidu", "xiami", "kuwo", "migu", "qq", "joox", "ximalaya", "bilibili"]);

/** The bound source a `server` names (a disabled one too: the operation answers 1002 for it); 1002 for any other. */
export function sourceOfServer(registry: SourceRegistry, server: string): BoundSource {
  const name = server.toLowerCase();
  const bound = registry.all();
  const found = bound.find((s) => s.id === name) ?? bound.find((s) => s.plugin.id === name && !s.disabled) ?? bound.find((s) => s.plugin.id === name);
  if (found) return found;
  const served = registry.enabled().map((s) => `${s.plugin.id} (${s.id})`).join(", ") || "none";
  // Echoed only when it could be a name at all: anything else is the caller's own text.
  const named = /^[a-z][a-z0-9_-]{0,31}$/.test(name) ? ` ${name}` : "";
  const why = NOT_SERVED.has(name)
    ? `server ${name} is not served: this service reads only sources that publish their catalogue openly, none of the Chinese streaming services`
    : `unknown server${named}`;
  throw new SourceError(`${why}; it serves ${served}`);
}
