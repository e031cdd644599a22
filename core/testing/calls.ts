/** Helpers for calling a plugin's methods directly in tests, as the core would. */
import { ERROR_CODES, isServiceError } from "../errors.ts";

/** A fresh per-call context, as the core gives one: a signal that ends the call after `ms`. */
export function callContext(ms = 5000): { signal: AbortSignal } {
  return { signal: AbortSignal.timeout(ms) };
}

/** The spec code of the service error `call` throws, 0 when it succeeds; anything else is rethrown. */
export async function codeOf(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 0;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return ERROR_CODES[error.kind];
  }
}
