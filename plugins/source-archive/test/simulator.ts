/**
 * An Internet Archive simulator: `/advancedsearch.php` and `/metadata/{identifier}` answering
 * in the archive's exact shapes from the invented catalog. Searches understand the Lucene
 * subset of `fixtures/lucene.ts`, `fl[]`, `sort[]` (`downloads`, `week`, `month`), `rows`,
 * `page` and `output=json`; a query or sort the engine refuses is answered as the gateway does
 * (HTTP 200, `{"error": ...}`); an unknown identifier is answered `{}` with HTTP 200.
 */
import { getRouterParam } from "h3";
import { startSimulator, type Simulator } from "@music-aggregator/core/testing";
import { ITEMS } from "./fixtures/catalog.ts";
import { compile, type IndexedItem, QuerySyntaxError } from "./fixtures/lucene.ts";
import { type ItemSeed, metadataBody, searchFields } from "./fixtures/shapes.ts";

export interface ArchiveSimulator extends Simulator {
  /** the `q` of every search, decoded, in order (cleared by `reset`) */
  queries: string[];
  /** the most `/metadata` requests that were in flight at once (cleared by `reset`) */
  maxInFlight(): number;
  /** `/metadata` answers take this long (0 by default; cleared by `reset`) */
  delayItems(ms: number): void;
  /** `/metadata/{identifier}` answers HTTP 500 for these items (cleared by `reset`) */
  failItems(...identifiers: string[]): void;
}

const SORTABLE = new Set(["downloads", "week", "month"]);

export async function startArchiveSimulator(items: ItemSeed[] = ITEMS): Promise<ArchiveSimulator> {
  const queries: string[] = [];
  const failing = new Set<string>();
  let delayMs = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const byId = new Map(items.map((item) => [item.identifier, item]));
  const simulator = await startSimulator({
    "GET /advancedsearch.php": (event) => {
      const params = event.url.searchParams;
      queries.push(params.get("q") ?? "");
      return advancedSearch(params, items);
    },
    "GET /metadata/:identifier": async (event) => {
      const identifier = getRouterParam(event, "identifier", { decode: true }) ?? "";
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      } finally {
        inFlight--;
      }
      if (failing.has(identifier)) return new Response("<html><body>Internal Server Error</body></html>", { status: 500 });
      const item = byId.get(identifier);
      // What the archive answers for an identifier it does not know: an empty object, HTTP 200.
      return item ? metadataBody(item) : {};
    },
    // A file's download: a short silent WAV whatever its name says, so that a browser test can play it.
    "GET /download/**": () => new Response(silentWav(), { headers: { "content-type": "audio/wav" } }),
  });
  const reset = simulator.reset;
  return Object.assign(simulator, {
    queries,
    maxInFlight: () => maxInFlight,
    delayItems(ms: number) {
      delayMs = ms;
    },
    failItems(...identifiers: string[]) {
      for (const identifier of identifiers) failing.add(identifier);
    },
    reset() {
      reset();
      queries.length = 0;
      failing.clear();
      delayMs = 0;
      inFlight = 0;
      maxInFlight = 0;
    },
  });
}

// --- internal ---

function advancedSearch(params: URLSearchParams, items: ItemSeed[]): Response | object {
  // Without output=json the archive answers its HTML results page.
  if (params.get("output") !== "json") return new Response("<!DOCTYPE html><html><title>Search</title></html>", { headers: { "content-type": "text/html" } });
  const q = params.get("q") ?? "";
  const sorts = params.getAll("sort[]").map((s) => s.split(" "));
  const bad = sorts.find(([field, dir]) => !SORTABLE.has(field) || (dir !== "desc" && dir !== "asc"));
  if (bad) return { error: `[UNSUPPORTED_VALUE] sort field not supported: ${bad.join(" ")}` };
  let matcher;
  try {
    matcher = compile(q);
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    return { error: `[UNSUPPORTED_VALUE] query could not be parsed: ${error.message}` };
  }
  const rows = Math.min(positive(params.get("rows"), 50), 10_000);
  const page = positive(params.get("page"), 1);
  // Dark items are gone from the search engine.
  let hits = items.filter((item) => !item.dark && matcher(indexed(item)));
  const [sort] = sorts;
  if (sort) {
    const field = sort[0] as "downloads" | "week" | "month";
    hits = [...hits].sort((a, b) => (sort[1] === "desc" ? b[field] - a[field] : a[field] - b[field]));
  }
  const fields = params.getAll("fl[]");
  const start = (page - 1) * rows;
  const docs = hits.slice(start, start + rows).map((item) => pick(searchFields(item), fields));
  return {
    responseHeader: {
      status: 0,
      QTime: 17,
      params: { query: q, qin: q, fields: fields.join(","), wt: "json", ...(sort ? { sort: sort.join(" ") } : {}), rows: String(rows), start },
    },
    response: { numFound: hits.length, start, docs },
  };
}

function indexed(item: ItemSeed): IndexedItem {
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const m = item.metadata;
  return {
    identifier: item.identifier,
    mediatype: String(m.mediatype),
    title: String(m.title ?? ""),
    creator: list(m.creator),
    collection: list(m.collection),
    description: list(m.description).join(" "),
  };
}

/** The fields asked for (all of them when `fl[]` is absent); fields the item lacks are left out. */
function pick(doc: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const wanted = fields.length ? fields : Object.keys(doc);
  return Object.fromEntries(wanted.filter((f) => doc[f] !== undefined).map((f) => [f, doc[f]]));
}

function positive(value: string | null, fallback: number): number {
  return value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : fallback;
}

/** Three seconds of 8-bit mono silence at 8 kHz, as a WAV file. */
function silentWav(): Uint8Array<ArrayBuffer> {
  const samples = 24_000;
  const wav = new Uint8Array(44 + samples).fill(128, 44);
  const view = new DataView(wav.buffer);
  const text = (at: number, value: string) => [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, "data");
  view.setUint32(40, samples, true);
  return wav;
}
