/**
 * Bench child: the baseline, a bare h3 app on the same server stack as the service (node:http
 * with h3's node handler) answering a fixed JSON body, `BENCH_BODY`, at /v1/song, the fastest
 * way h3 answers (srvx's FastResponse with a string body and plain headers, as the service
 * itself answers): the limit of this stack on this machine.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { H3 } from "h3";
import { FastResponse } from "srvx";
import { toNodeHandler } from "h3/node";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";

const body = process.env.BENCH_BODY ?? "{}";
const app = new H3();
app.get("/v1/song", () => new FastResponse(body, { headers: { "content-type": "application/json; charset=utf-8" } }));

const server = createServer(toNodeHandler(app));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });
