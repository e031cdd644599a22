/**
 * Reading an upstream's answer with the plugin's wire schema: what does not match is the
 * upstream's fault, a 2003 (`UpstreamParseError`) naming the upstream and what was asked, never
 * a 5000 from somewhere deep in the mapping. The first bad field and its problem go to the log
 * only (`said`): a field's name or a value quoted in a problem may be the upstream's own text.
 */
import type { z } from "zod";
import { UpstreamParseError } from "./errors.ts";

/** The answer as `schema` reads it; throws 2003 (`<upstream> answer for <what> is not understood`). */
export function readUpstreamAnswer<S extends z.ZodType>(upstream: string, schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UpstreamParseError(`${upstream} answer for ${what} is not understood`, { said: `${issue.path.join(".") || "(root)"}: ${issue.message}` });
}
