/**
 * Graceful shutdown: counts requests in flight so that, once the server stops accepting,
 * the process waits for them to finish instead of cutting their sockets.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function trackInFlight(handler: NodeHandler) {
  let inFlight = 0;
  let onDrained: (() => void) | undefined;
  return {
    handler(req: IncomingMessage, res: ServerResponse) {
      inFlight++;
      res.once("close", () => {
        inFlight--;
        if (inFlight === 0) onDrained?.();
      });
      return handler(req, res);
    },
    /** Resolves when no request is in flight. */
    drained(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onDrained = resolve));
    },
  };
}
