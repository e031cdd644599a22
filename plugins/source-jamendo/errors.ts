/**
 * Jamendo's failures as core errors. Jamendo reports a failed call in the answer's headers:
 * `status: "failed"` and a non-zero `code` (its table of response codes), with an
 * `error_message`. Every failure is the upstream's, so every one is 2002; the codes a site
 * owner can act on get a message that says what to do. An unknown id is not a failure at all:
 * it is a success with empty `results` (3001, decided by the caller).
 */
import { type ServiceError, UpstreamError } from "@music-aggregator/core";
import type { JamendoHeaders } from "./wire.ts";

/** `Invalid Client Id`: the client id does not exist or cannot be validated. */
export const INVALID_CLIENT_ID = 5;
/** `Rate Limit Exceeded`: this application or this address asked too often. */
export const RATE_LIMIT_EXCEEDED = 6;
/** `Suspended Application`: Jamendo has suspended the application of this client id. */
export const SUSPENDED_APPLICATION = 11;

/** Whether the headers report a failure (`status: "failed"`, or any non-zero code). */
export function isFailure(headers: JamendoHeaders): boolean {
  return headers.status === "failed" || headers.code !== 0;
}

/**
 * The core error for a failed answer to `path`, in the service's words. Jamendo's own
 * `error_message` goes to the log only (`said`), with the client id masked wherever it
 * repeats it.
 */
export function toServiceError(headers: JamendoHeaders, path: string, clientId: string): ServiceError {
  const said = { said: (headers.error_message ?? "").split(clientId).join("***") };
  switch (headers.code) {
    case INVALID_CLIENT_ID:
      return new UpstreamError("Jamendo refused the client id (code 5): the clientId option of this source is wrong or unknown to Jamendo", said);
    case RATE_LIMIT_EXCEEDED:
      return new UpstreamError("Jamendo's rate limit is exceeded for this client id or address (code 6); retry later", said);
    case SUSPENDED_APPLICATION:
      return new UpstreamError("Jamendo has suspended the application of this source's clientId (code 11)", said);
    default:
      return new UpstreamError(`Jamendo answered failure code ${headers.code} for ${path}`, said);
  }
}
