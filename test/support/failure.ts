/** What a call that should fail threw, in the spec's terms: its code (5000 for anything not a service error), message, what the upstream said (for the log only) and how long it took. */
import { ERROR_CODES, isServiceError } from "../../core/errors.ts";

export interface Failure {
  code: number;
  message: string;
  said?: string;
  ms: number;
}

export async function failure(call: () => Promise<unknown>): Promise<Failure> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    const ms = performance.now() - started;
    return isServiceError(error) ? { code: ERROR_CODES[error.kind], message: error.message, said: error.said, ms } : { code: 5000, message: String(error), ms };
  }
  throw new Error("expected a failure");
}
