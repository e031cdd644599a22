/**
 * `@music-aggregator/core/host`: what the service that hosts plugins uses of the kit beyond
 * what a plugin does: checking definitions and instances, the upstream client's base that
 * both the service and the kit's test harness send through, deadlines, the shares of budgets,
 * the error kinds' codes, log lines kept to one line, and the schema helpers of extensions.
 * Plugins import `@music-aggregator/core` only.
 */
export { PLUGIN_BRAND, PLUGIN_API_VERSION, CAPABILITIES, LOOKUPS, LINK_KINDS, searchPagingOf, isrcsOf, type SearchPaging, type IsrcOrigin } from "../plugin.ts";
export { validateDefinition, checkInstanceMethods } from "../validate.ts";
export { UpstreamClientBase, type OutgoingRequest, type TransportAnswer, type UpstreamDefaults } from "../http/upstream-client.ts";
export { deadline, type Deadline } from "../http/deadline.ts";
export { budgetUsedUp } from "../http/request-budget.ts";
export { readWebStream, readWebStreamBytes } from "../http/read-web-stream.ts";
export { sleep } from "../sleep.ts";
export { ERROR_CODES, ERROR_BRAND, ShareSpentError, isUpstreamFailure, staleMayStandIn, withCost, safeMessage, MAX_MESSAGE_LENGTH } from "../errors.ts";
export { cleanText, readableLine } from "../log-line.ts";
export { QUALITIES, NonNegativeInt, extension } from "../domain.ts";
export { normalIsrc } from "../mapping/isrc.ts";
export { normalUpc, upcProblem } from "../mapping/upc.ts";
export { isSpace, spaceAfter, endsWithWord } from "../title-tail.ts";
export { VERSION } from "../version.ts";
export { runWithConcurrency } from "../concurrency.ts";
