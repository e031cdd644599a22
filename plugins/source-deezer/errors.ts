/**
 * Deezer's failures as core errors. Deezer answers HTTP 200 with
 * `{"error":{"type","message","code"}}` when a call fails; only an unknown path gets an
 * HTTP 404 (`{"error":"Not Found"}`).
 */
import { NotFoundError, type ServiceError, UpstreamError } from "@music-aggregator/core";
import { DeezerErrorBody } from "./wire.ts";

/** `Quota limit exceeded`: more than 50 requests in 5 s from this address. */
export const QUOTA_EXCEEDED = 4;
/** `DataException: no data`: the id is unknown. */
export const NO_DATA = 800;
/** `ParameterException: Wrong parameter`: what `/editorial/{id}` answers for an id it does not know. */
export const WRONG_PARAMETER = 500;

/**
 * The error object of a Deezer answer, or undefined when the answer is not an error. An
 * `error` that is not Deezer's object (say a string from a proxy) still counts as one.
 */
export function readDeezerError(body: unknown): DeezerErrorBody | undefined {
  if (!body || typeof body !== "object" || !("error" in body)) return undefined;
  const parsed = DeezerErrorBody.safeParse(body);
  if (parsed.success) return parsed.data.error;
  const text = (body as { error: unknown }).error;
  return { code: -1, type: "Unknown", message: typeof text === "string" ? text : JSON.stringify(text) };
}

/**
 * The core error for a Deezer error object: `missing` codes (800, and any the caller adds) are
 * 3001; every other code, quota included once its retries are spent, is 2002. Deezer's own
 * `type` and `message` go to the log only (`said`): the message says what failed in our words.
 */
export function toServiceError(error: DeezerErrorBody, path: string, missing: readonly number[]): ServiceError {
  if (missing.includes(error.code)) return new NotFoundError(`Deezer has no ${path}`);
  const said = [error.type, error.message].filter(Boolean).join(": ");
  if (error.code === QUOTA_EXCEEDED) return new UpstreamError(`Deezer's quota is exceeded (error code 4) for ${path}`, { said });
  return new UpstreamError(`Deezer answered error code ${error.code} for ${path}`, { said });
}
