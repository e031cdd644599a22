/**
 * Reading an upstream's answer with the plugin's wire schema: what does not match is the
 * upstream's fault, a 2003 (`UpstreamParseError`) naming the upstream, what was asked and the
 * first bad field, never a 5000 from somewhere deep in the mapping.
 */
import type { z } from "zod";
import { UpstreamParseError } from "./errors.ts";

/** The answer as `schema` reads it; throws 2003 (`<upstream> answer for <what> is not understood (<field>: <problem>)`). */
export function readUpstreamAnswer<S extends z.ZodType>(upstream: string, schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UpstreamParseError(`${upstream} answer for ${what} is not understood (${issue.path.join(".") || "(root)"}: ${issue.message})`);
}
