/**
 * Graceful shutdown: counts requests in flight so that, once the server stops accepting,
 * the process waits for them to finish instead of cutting their sockets.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function trackInFlight(handler: NodeHandler) {
  let inFlight = 0;
  let onDrained: (() => void) | undefined;
  // One listener for every response (a response closes once): no closure or `once` wrapper per request.
  const finished = () => {
    inFlight--;
    if (inFlight === 0) onDrained?.();
  };
  return {
    handler(req: IncomingMessage, res: ServerResponse) {
      inFlight++;
      res.on("close", finished);
      return handler(req, res);
    },
    /** Resolves when no request is in flight. */
    drained(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onDrained = resolve));
    },
  };
}
