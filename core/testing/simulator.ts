/**
 * Upstream simulators: a small h3 app on a real port-0 socket that speaks one upstream's wire
 * format, with switches for latency, hanging, 5xx/429, malformed, truncated or wrongly shaped
 * bodies, connection resets, oversized and trickling bodies, and counters of calls per route.
 * h3 is an optional peer of the kit, loaded only here: the rest of `/testing` works without it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { H3Event } from "h3";

export type Fault =
  | { kind: "latency"; ms: number }
  | { kind: "hang" }
  | { kind: "status"; status: number; body?: string; headers?: Record<string, string> }
  | { kind: "html" }
  /** HTTP 200 with this JSON body: valid JSON of a shape the plugin does not expect */
  | { kind: "json"; body: unknown }
  | { kind: "truncated" }
  | { kind: "reset" }
  | { kind: "huge"; bytes: number }
  | { kind: "trickle"; chunkIntervalMs: number; chunks: number };

export type RouteHandler = (event: H3Event) => unknown | Promise<unknown>;

export interface Simulator {
  /** base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  /** calls per route pattern, e.g. `GET /track/:id` */
  calls: Map<string, number>;
  /** every request received, as `METHOD /path?query` */
  log: string[];
  /** the User-Agent of every routed request, in order (what a plugin tells the upstream it is) */
  userAgents: string[];
  totalCalls(): number;
  /** applies a fault to every route (or to one pattern) until cleared */
  fault(fault: Fault | undefined, route?: string): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a simulator. `routes` maps `"GET /path/:param"` to a handler returning the JSON body
 * (an object) or a `Response` for full control.
 */
export async function startSimulator(routes: Record<string, RouteHandler>): Promise<Simulator> {
  const calls = new Map<string, number>();
  const log: string[] = [];
  const userAgents: string[] = [];
  const faults = new Map<string, Fault>();
  const { H3, toNodeHandler } = await loadH3();
  const app = new H3();

  for (const [pattern, handler] of Object.entries(routes)) {
    const [method, path] = pattern.split(" ");
    app.on(method as "GET", path, async (event) => {
      calls.set(pattern, (calls.get(pattern) ?? 0) + 1);
      userAgents.push(event.req.headers.get("user-agent") ?? "");
      const fault = faults.get(pattern) ?? faults.get("*");
      if (fault) {
        const faulted = await applyFault(fault, event);
        if (faulted !== undefined) return faulted;
      }
      const body = await handler(event);
      return body instanceof Response ? body : Response.json(body);
    });
  }
  app.all("/**", (event) => {
    log.push(`UNROUTED ${event.req.method} ${event.url.pathname}`);
    return new Response("Not found", { status: 404 });
  });

  const handler = toNodeHandler(app);
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    log.push(`${req.method} ${req.url}`);
    const fault = faults.get("*");
    if (fault?.kind === "reset") {
      req.socket.destroy();
      calls.set("*reset", (calls.get("*reset") ?? 0) + 1);
      return;
    }
    void handler(req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    log,
    userAgents,
    totalCalls: () => [...calls.entries()].filter(([k]) => !k.startsWith("*")).reduce((sum, [, n]) => sum + n, 0),
    fault(fault, route = "*") {
      if (fault) faults.set(route, fault);
      else faults.delete(route);
    },
    reset() {
      calls.clear();
      log.length = 0;
      userAgents.length = 0;
      faults.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// --- internal ---

async function loadH3(): Promise<{ H3: typeof import("h3").H3; toNodeHandler: typeof import("h3/node").toNodeHandler }> {
  try {
    const [{ H3 }, { toNodeHandler }] = await Promise.all([import("h3"), import("h3/node")]);
    return { H3, toNodeHandler };
  } catch (error) {
    throw new Error("startSimulator needs h3 (an optional peer of @music-aggregator/core): npm install --save-dev h3", { cause: error });
  }
}

async function applyFault(fault: Fault, event: H3Event): Promise<Response | undefined> {
  switch (fault.kind) {
    case "latency":
      await new Promise((r) => setTimeout(r, fault.ms));
      return undefined;
    case "hang":
      // Never answers; ends when the client gives up (or the simulator closes).
      return new Promise<Response>((resolve) => {
        event.req.signal?.addEventListener("abort", () => resolve(new Response(null, { status: 499 })));
      });
    case "status":
      return new Response(fault.body ?? JSON.stringify({ error: "simulated" }), {
        status: fault.status,
        headers: { "content-type": "application/json", ...fault.headers },
      });
    case "json":
      return Response.json(fault.body);
    case "html":
      return new Response("<!DOCTYPE html><html><head><title>Security check</title></head><body>captcha</body></html>", {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    case "truncated":
      return new Response('{"id":3135556,"title":"Harder, Better, Fas', { status: 200, headers: { "content-type": "application/json" } });
    case "huge": {
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= fault.bytes) return controller.close();
          sent += chunk.length;
          controller.enqueue(new TextEncoder().encode(chunk));
        },
      });
      return new Response(stream, { status: 200, headers: { "content-type": "application/json" } });
    }
    case "trickle": {
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= fault.chunks) return controller.close();
          await new Promise((r) => setTimeout(r, fault.chunkIntervalMs));
          sent++;
          controller.enqueue(new TextEncoder().encode(sent === 1 ? '{"data":"' : "aaaa"));
        },
      });
      return new Response(stream, { status: 200, headers: { "content-type": "application/json" } });
    }
    case "reset":
      return undefined;
  }
}
