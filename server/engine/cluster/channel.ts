/**
 * Calls between the processes of a `WORKERS` group over Node's IPC: a worker calls the primary
 * (the group's totals, the statistics storage) and the primary calls each worker (its
 * figures). One message format both ways, on a channel name of its own so that other users of
 * the IPC link (rate-limiter-flexible's cluster limiter) are left alone; replies are matched
 * by id, and a call that is not answered in time fails instead of waiting.
 */

export const CHANNEL = "music-aggregator";

/** A process's IPC end (`process` in a worker, a `cluster.Worker` in the primary). */
export interface Endpoint {
  send?(message: unknown, callback?: (error: Error | null) => void): boolean;
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
}

export type Handler = (args: any) => unknown;

interface Message {
  channel: typeof CHANNEL;
  id: number;
  /** a call's method; absent in a reply */
  call?: string;
  args?: unknown;
  result?: unknown;
  error?: string;
}

export class Channel {
  private next = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  private readonly handlers = new Map<string, Handler>();
  private readonly listener = (message: unknown) => this.receive(message);

  constructor(private readonly endpoint: Endpoint) {
    endpoint.on("message", this.listener);
  }

  /** Answers the other side's calls of `method`. */
  handle(method: string, handler: Handler): this {
    this.handlers.set(method, handler);
    return this;
  }

  call<T>(method: string, args: unknown, timeoutMs: number): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      this.send({ channel: CHANNEL, id, call: method, args }, (error) => {
        if (!error || !this.pending.delete(id)) return;
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  close(): void {
    this.endpoint.off("message", this.listener);
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new Error("the channel closed"));
    }
    this.pending.clear();
  }

  // --- internal ---

  private receive(raw: unknown): void {
    const message = raw as Message | undefined;
    if (message?.channel !== CHANNEL || typeof message.id !== "number") return;
    if (message.call === undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error === undefined) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
      return;
    }
    const handler = this.handlers.get(message.call);
    const reply = (fields: Partial<Message>) => this.send({ channel: CHANNEL, id: message.id, ...fields });
    if (!handler) return reply({ error: `no handler for ${message.call}` });
    Promise.resolve()
      .then(() => handler(message.args))
      .then(
        (result) => reply({ result }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
  }

  /** Sends without throwing: a process that is gone fails the call through `callback`. */
  private send(message: Message, callback: (error: Error | null) => void = () => undefined): void {
    try {
      if (!this.endpoint.send) throw new Error("this process has no IPC channel");
      this.endpoint.send(message, callback);
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
