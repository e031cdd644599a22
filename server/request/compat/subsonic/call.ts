/**
 * What every Subsonic call works with: the front, the parameters (query and form, first values),
 * the user, the signal of the request; and the helpers every call uses: its parameters, read
 * with Subsonic's errors, and one `/v1` operation through `MusicService` (cache, fair shares,
 * VIP rule and `fallback` included), its answer parsed.
 */
import type { CachedAnswer } from "@music-aggregator/core";
import type { OperationName } from "../../../engine/operations.ts";
import type { Answer } from "../../answer.ts";
import type { HttpFront } from "../../http-front.ts";
import { runOperation } from "../meting.ts";
import { SubsonicError } from "./envelope.ts";
import { decodeId, type Kind } from "./ids.ts";

export interface Call {
  front: HttpFront;
  params: Record<string, string>;
  username: string;
  signal: AbortSignal;
  /** the cached answers the payload was made of (a kept answer lives as long as they do) */
  parts: CachedAnswer[];
}

/** One element of the response (`{album: {...}}`), or an answer of its own (a redirect). */
export type Reply = Record<string, unknown> | Answer;

export function required(c: Call, name: string): string {
  const value = c.params[name];
  if (value === undefined) throw new SubsonicError(10, `parameter ${name} is required`);
  return value;
}

/** A count or an offset: `fallback` when absent, at most `max` (clients ask for more than servers give). */
export function count(c: Call, name: string, fallback: number, max: number): number {
  const value = c.params[name];
  if (value === undefined) return fallback;
  // Any length: a client asking for "all" sends Java's Integer.MAX_VALUE or more, and gets `max` (a long one is Infinity).
  if (!/^\d+$/.test(value)) throw new SubsonicError(0, `parameter ${name} must be a whole number`);
  return Math.min(Number(value), max);
}

/** The item `name` names, of one of `kinds`. */
export function item(c: Call, name: string, ...kinds: Kind[]) {
  return decodeId(required(c, name), ...kinds);
}

/** A `/v1` operation's data, parsed; its cached answer is one of the call's parts. */
export async function run<T>(c: Call, name: OperationName, params: Record<string, string>): Promise<T> {
  const answer = await runOperation(c.front, name, params, c.signal, "query");
  c.parts.push(answer);
  return JSON.parse(answer.json) as T;
}
