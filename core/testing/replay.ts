/**
 * Replay of recorded upstream answers: recording files (`{ interactions: [{method, url,
 * status, contentType, body}] }`, one upstream per folder) and a simulator that serves them by
 * method, path and query, so a plugin can be run against real answers it has never seen.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startSimulator, type Simulator } from "./simulator.ts";

/** One recorded request and its answer, in the recordings' JSON format. */
export interface Interaction {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/** What the replay sends back: a recorded answer, or one made up in the same shape. */
export type Answer = Pick<Interaction, "status" | "contentType" | "body">;

export interface ReplayHooks {
  /** The query a recording and a request are filed under, for an upstream that treats some queries alike. */
  normalise?: (params: URLSearchParams) => URLSearchParams;
  /**
   * The answer to a request without a recording of its own: another recording (looked up with
   * `recorded`, by the request's path and the given query), a made-up answer, or nothing (a miss).
   */
  fallback?: (request: { method: string; url: URL }, recorded: (params: URLSearchParams) => Interaction | undefined) => Answer | undefined;
}

export interface ReplaySimulator extends Simulator {
  /** every request since `reset`, in order: its key and whether its own recording answered it (not the fallback) */
  served: { key: string; recorded: boolean }[];
  /** requests since `reset` that nothing answered (no recording, no fallback), as `METHOD /path?query` */
  misses: string[];
  /** the key a request is filed under: `METHOD /path?query`, normalised, sorted and re-encoded */
  keyOf(method: string, url: URL): string;
}

/** Every interaction of every `*.json` file of one folder, files in name order. */
export function loadRecordings(path: string): Interaction[] {
  return readdirSync(path)
    .filter((file) => file.endsWith(".json"))
    .sort()
    // A file that is a bare answer, not a recording of interactions, has nothing to replay.
    .flatMap((file) => (JSON.parse(readFileSync(join(path, file), "utf8")) as { interactions?: Interaction[] }).interactions ?? []);
}

/**
 * Serves `interactions` by method + path + query, whatever the order of the query's
 * parameters. When a request was recorded several times, the first recording wins.
 */
export async function startReplaySimulator(interactions: Interaction[], hooks: ReplayHooks = {}): Promise<ReplaySimulator> {
  const normalise = hooks.normalise ?? ((params: URLSearchParams) => params);
  const keyOf = (method: string, url: URL, params = url.searchParams) => requestKey(method, url.pathname, normalise(params));
  const byKey = new Map<string, Interaction>();
  for (const interaction of interactions) {
    const key = keyOf(interaction.method, new URL(interaction.url));
    if (!byKey.has(key)) byKey.set(key, interaction);
  }
  const served: ReplaySimulator["served"] = [];
  const misses: string[] = [];
  const replay = (event: { req: Request; url: URL }) => {
    const { method } = event.req;
    const key = keyOf(method, event.url);
    const own = byKey.get(key);
    served.push({ key, recorded: own !== undefined });
    const answer = own ?? hooks.fallback?.({ method, url: event.url }, (params) => byKey.get(keyOf(method, event.url, params)));
    if (!answer) {
      misses.push(`${method} ${event.url.pathname}${event.url.search}`);
      // 501, a status no upstream recording uses, so that a miss cannot pass for a real "not found".
      return new Response(JSON.stringify({ error: "not recorded" }), { status: 501, headers: { "content-type": "application/json" } });
    }
    return new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } });
  };
  const methods = new Set(["GET", ...interactions.map((i) => i.method)]);
  const simulator = await startSimulator(Object.fromEntries([...methods].map((method) => [`${method} /**`, replay])));
  const reset = simulator.reset;
  return Object.assign(simulator, {
    served,
    misses,
    keyOf: (method: string, url: URL) => keyOf(method, url),
    reset() {
      reset();
      served.length = 0;
      misses.length = 0;
    },
  });
}

// --- internal ---

/** `METHOD /path?sorted&params`, decoded then re-encoded, so `+` and `%20` agree. */
function requestKey(method: string, path: string, params: URLSearchParams): string {
  const entries = [...params].sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)));
  return `${method} ${path}?${new URLSearchParams(entries)}`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
