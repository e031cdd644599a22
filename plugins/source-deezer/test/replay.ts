/**
 * Replays real recorded Deezer answers (`../shared/recordings/deezer`, beside the project)
 * from a simulator: a request is answered with the recording of the same method, path and
 * query, whatever the order of the query's parameters. Read at test time, never copied.
 *
 * Deezer's paging defaults make two requests the same: `index=0` is no index at all, and at
 * index 0 a recording made without `limit` stands for any `limit` (it is the page Deezer gave
 * by default; the plugin has to cope with a page shorter than it asked for anyway). When a URL
 * was recorded several times (2019 to 2024), the first file in name order wins.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { startSimulator, type Simulator } from "../../../test/support/simulator.ts";

interface Interaction {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export interface ReplaySimulator extends Simulator {
  /** requests no recording answered, as `METHOD /path?query` */
  misses: string[];
}

export async function startReplaySimulator(dir: string): Promise<ReplaySimulator> {
  const recorded = new Map<string, Interaction>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const { interactions } = JSON.parse(readFileSync(join(dir, file), "utf8")) as { interactions: Interaction[] };
    for (const interaction of interactions) {
      const url = new URL(interaction.url);
      const key = keyOf(interaction.method, url.pathname, url.searchParams);
      if (!recorded.has(key)) recorded.set(key, interaction);
    }
  }
  const misses: string[] = [];
  const simulator = await startSimulator({
    "GET /**": (event) => {
      const { pathname, searchParams, search } = event.url;
      const found = recorded.get(keyOf("GET", pathname, searchParams)) ?? recorded.get(keyOf("GET", pathname, withoutLimitAtStart(searchParams)));
      if (!found) {
        misses.push(`GET ${pathname}${search}`);
        return new Response(JSON.stringify({ error: "not recorded" }), { status: 404, headers: { "content-type": "application/json" } });
      }
      return new Response(found.body, { status: found.status, headers: { "content-type": found.contentType } });
    },
  });
  return Object.assign(simulator, { misses });
}

// --- internal ---

function keyOf(method: string, path: string, params: URLSearchParams): string {
  const entries = [...params].filter(([name, value]) => !(name === "index" && value === "0"));
  entries.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return `${method} ${path}?${entries.map(([name, value]) => `${name}=${value}`).join("&")}`;
}

/** The same query without `limit`, when it asks for the first page. */
function withoutLimitAtStart(params: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(params);
  if ((copy.get("index") ?? "0") === "0") copy.delete("limit");
  return copy;
}
