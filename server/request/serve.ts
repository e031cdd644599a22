/**
 * The request path, one for every answer: the checks (`admit.ts`), the route's work (or a kept
 * answer), a failure turned into the route's envelope (`failures.ts`), what goes on the wire
 * (`deliver.ts`), and what is noted of it (`finish.ts`). h3's one middleware (`app.ts`) and the
 * kept answers before h3 (`kept-answers.ts`) both come here.
 */
import { toServiceError } from "@music-aggregator/core";
import type { Logger } from "../engine/logger.ts";
import { admit, type Gate } from "./admit.ts";
import type { Answer } from "./answer.ts";
import { deliver, type Outgoing } from "./deliver.ts";
import { REQUEST_ID_HEADER, type Exchange } from "./exchange.ts";
import { failureAnswer } from "./failures.ts";
import { finish, type Notes } from "./finish.ts";

export interface Front {
  gate: Gate;
  notes: Notes;
  /** where bugs are reported (never a client's going away) */
  log: Logger;
}

/** Serves `ex` with what `work` answers, once the checks have passed. */
export async function serve(front: Front, ex: Exchange, work: () => Answer | Promise<Answer>): Promise<Outgoing> {
  ex.out[REQUEST_ID_HEADER] = ex.reqId;
  let answer: Answer;
  try {
    await admit(front.gate, ex);
    answer = await work();
  } catch (thrown) {
    const error = toServiceError(thrown);
    if (error.kind === "internal" && !ex.aborted()) {
      // The source asked names the plugin at fault (its id in /v1/source) where the path alone would not.
      front.log.error(`${ex.method} ${ex.path}: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`, { reqId: ex.reqId, source: ex.source ?? null });
    }
    answer = failureAnswer(ex, error);
  }
  ex.code = answer.code;
  const out = await deliver(ex, answer);
  finish(front.notes, ex, out);
  return out;
}
