/**
 * What a route asks of the checks before its work: its envelope, its methods, whether it
 * refuses default user-agents, its rate limit. Each route names its policy in its `meta`;
 * the h3 pipeline (`pipeline.ts`) and the fast path of kept answers (`fast-path.ts`) read it
 * through the same checks (`checks.ts`).
 */
import type { RequestKind } from "../engine/share/traffic-stats.ts";
/** Which envelope a route answers in: `/v1`'s, `/api`'s, the pages' (the `/v1` one, never JSONP), or Subsonic's (`/rest`). */
export type Family = "v1" | "api" | "page" | "subsonic";

export interface RoutePolicy {
  /** which envelope its answers use */
  family: Family;
  /** methods served; others are refused with `Allow` */
  methods: readonly string[];
  /** refuse the default user-agents of HTTP libraries (4002) */
  userAgent: boolean;
  /** the rate limit's key prefix; no rate limit when absent */
  rateLimit?: string;
  /** counted in the share service's traffic statistics as this kind */
  traffic?: RequestKind;
  /** the spec's `cb` alias of `callback` (`/v1`) */
  cbAlias?: boolean;
  /** a probe or a scrape: no access line unless config `log.probes` */
  quiet?: boolean;
}
