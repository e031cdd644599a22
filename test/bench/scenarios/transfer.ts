/**
 * A playlist transfer (`/v1/playlist/match`): the bench upstream's 100-track playlist of
 * source_a onto source_b and source_c, whose every answer takes 50 to 200 ms and whose budget
 * is 100 requests a second, walked page by page (50 tracks a page) by one client. Targets:
 * every page within the all-search deadline plus 1 s, at most one search per track and target,
 * a walk asked again costs no upstream call, no budget exceeded in any second, every track
 * without a copy listed (every tenth: only its live take is there).
 */
import { keepAliveAgent, timedGet } from "../lib/http.ts";
import { SEARCH_ALL_DEADLINE_MS, resetUpstream, startService, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

const TRACKS = 100;
const PAGE_SIZE = 50;
const BUDGET = 100;

export async function transfer(upstream: Upstream): Promise<Row[]> {
  await resetUpstream(upstream);
  const ids = ["source_a", "source_b", "source_c", "source_d"];
  const sources = Object.fromEntries(ids.map((id, i) => [id, { plugin: "fake", options: { baseURL: upstream.ready[i], requestsPerSecond: BUDGET } }]));
  const service = await startService(upstream, { sources, upstream: { searchAllTimeoutMs: SEARCH_ALL_DEADLINE_MS, clientShare: 1 } });
  const agent = keepAliveAgent(1);
  try {
    const walk = async () => {
      const pages: { ms: number; cost: number; unmatched: number; matched: number; failed: string[] }[] = [];
      for (let page = 1; page <= TRACKS / PAGE_SIZE; page++) {
        const answer = await timedGet(`${service.ready}/v1/playlist/match?origin=bench&source=source_a&id=transfer&to=source_b,source_c&size=${PAGE_SIZE}&page=${page}`, agent);
        const envelope = JSON.parse(answer.body) as { code: number; cost: number; data: { matched: number; unmatched: number; failed: string[] } };
        if (envelope.code !== 0) throw new Error(`transfer page ${page}: ${answer.body.slice(0, 200)}`);
        pages.push({ ms: answer.ms, cost: envelope.cost, ...envelope.data });
      }
      return pages;
    };
    const first = await walk();
    const searches = await Promise.all([1, 2].map((index) => upstream.call<number[]>("searchTimes", { index })));
    const callsBefore = await Promise.all([0, 1, 2].map((index) => upstream.call<number>("calls", { index })));
    const again = await walk();
    const callsAfter = await Promise.all([0, 1, 2].map((index) => upstream.call<number>("calls", { index })));

    const worst = Math.max(...first.map((p) => p.ms));
    const perTrack = Math.max(...searches.map((times) => times.length)) / TRACKS;
    const busiest = Math.max(...searches.map((times) => Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 1000).length))));
    const unmatched = first.reduce((n, p) => n + p.unmatched, 0);
    const failed = first.flatMap((p) => p.failed);
    const repeated = callsAfter.reduce((n, c, i) => n + c - callsBefore[i], 0);
    return [
      {
        metric: `transfer of a ${TRACKS}-track playlist onto 2 targets (50-200 ms upstreams), pages of ${PAGE_SIZE}: slowest page`,
        measured: `${fmt.ms(worst)} (pages ${first.map((p) => fmt.ms(p.ms)).join(", ")}; ${failed.length ? `failed ${failed.join(", ")}` : "no target failed"})`,
        target: `< ${fmt.ms(SEARCH_ALL_DEADLINE_MS + 1000)} (all-search deadline + 1 s)`,
        ratio: worst / (SEARCH_ALL_DEADLINE_MS + 1000),
        pass: worst < SEARCH_ALL_DEADLINE_MS + 1000 && failed.length === 0,
      },
      { metric: "transfer: upstream searches per track and target", measured: `${perTrack} (${searches.map((t) => t.length).join(" and ")} searches)`, target: "≤ 1", ratio: perTrack, pass: perTrack <= 1 },
      { metric: "transfer: the same pages asked again", measured: `${repeated} upstream calls, cost ${again.map((p) => p.cost).join(" and ")}`, target: "0 calls", ratio: repeated, pass: repeated === 0 && again.every((p) => p.cost === 0) },
      { metric: `transfer: most searches a target saw in one second (budget ${BUDGET}/s)`, measured: String(busiest), target: `≤ ${BUDGET}`, ratio: busiest / BUDGET, pass: busiest <= BUDGET },
      { metric: "transfer: tracks listed without a copy (every tenth has only a live take)", measured: `${unmatched} of ${TRACKS}`, target: "10", ratio: unmatched / 10, pass: unmatched === 10 },
    ];
  } finally {
    agent.destroy();
    await service.stop();
    await resetUpstream(upstream);
  }
}
