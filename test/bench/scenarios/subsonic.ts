/**
 * A cached album through Subsonic's `getAlbum` against the same album's cached `/v1/album`:
 * the service with a Subsonic user, one album filled, then both loads take turns for 7 rounds
 * and each keeps its median req/s. `getAlbum` is asked as a player that keeps its salt asks it
 * (token auth, `f=json`): the same request target each time. Target: a cached `getAlbum` costs
 * at most 1.5 times a cached `/v1/album` (`/v1` req/s ≤ 1.5 × Subsonic req/s).
 */
import { createHash } from "node:crypto";
import { keepAliveAgent, timedGet } from "../lib/http.ts";
import { CONNECTIONS, load, loadTool } from "../lib/load.ts";
import { startService, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

const ROUNDS = 7;
const TARGET = 1.5;
const USER = { username: "bench", password: "bench-password" };
const ALBUM = "302127";

export async function subsonicAlbum(upstream: Upstream, roundSeconds: number): Promise<Row[]> {
  const service = await startService(upstream, { compat: { subsonic: { users: [USER] } } });
  try {
    const salt = "b3nchs4lt";
    const token = createHash("md5").update(USER.password + salt).digest("hex");
    const paths = {
      v1: `/v1/album?origin=bench&source=source_a&id=${ALBUM}`,
      subsonic: `/rest/getAlbum.view?u=${USER.username}&t=${token}&s=${salt}&v=1.16.1&c=bench&f=json&id=al-source_a-${Buffer.from(ALBUM).toString("base64url")}`,
    };
    const agent = keepAliveAgent(1);
    const bytes: Record<string, number> = {};
    for (const [name, path] of Object.entries(paths)) {
      for (let i = 0; i < 2; i++) {
        const answer = await timedGet(service.ready + path, agent);
        if (answer.status !== 200 || answer.body.includes('"failed"') || answer.body.includes('"code":1')) throw new Error(`${path}: ${answer.body.slice(0, 200)}`);
        bytes[name] = answer.body.length;
      }
    }
    agent.destroy();
    const rps: Record<keyof typeof paths, number[]> = { v1: [], subsonic: [] };
    for (const path of Object.values(paths)) await load(service.ready, 1, [path]); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of ["v1", "subsonic"] as const) rps[name].push(await load(service.ready, roundSeconds, [paths[name]]));
    }
    const [v1, subsonic] = [median(rps.v1), median(rps.subsonic)];
    const ratio = v1 / subsonic;
    return [
      { metric: `cached /v1/album: one album, ${loadTool()}, ${CONNECTIONS} connections`, measured: `${fmt.rps(v1)}, ${bytes.v1} B`, target: "(baseline)", ratio: 1 },
      {
        metric: "cached Subsonic getAlbum (token auth, f=json), the same album: cost vs /v1/album",
        measured: `${fmt.rps(subsonic)}, ${bytes.subsonic} B`,
        target: `≤ ${TARGET.toFixed(2)} × a /v1/album's cost`,
        ratio,
        pass: ratio <= TARGET,
      },
    ];
  } finally {
    await service.stop();
  }
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
