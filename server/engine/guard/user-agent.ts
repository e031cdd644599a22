/**
 * The user-agent block list (docs/decisions.md (/v1)). A user-agent is a list of product tokens
 * (`name/version`) and parenthesised comments: `Python/3.11 aiohttp/3.9.1`. It is blocked
 * when it is empty or when any of its product names (anywhere in the header, in any case)
 * is an entry of the list; comments are not product names, so a browser's
 * `(... like Gecko)` never matches. Entries are product names; a trailing `/` or ` (` as in
 * `curl/` or `got (` is allowed and ignored.
 */
import { inject, injectable } from "tsyringe";
import { Tokens } from "@music-aggregator/core";
import type { AppConfig } from "../config.ts";

@injectable()
export class UserAgentPolicy {
  private readonly blocked: Set<string>;

  constructor(@inject(Tokens.Config) config: Pick<AppConfig, "userAgentBlock">) {
    this.blocked = new Set(config.userAgentBlock.map(productName).filter(Boolean));
  }

  isBlocked(userAgent: string | null | undefined): boolean {
    return this.decide(userAgent ?? "");
  }

  private decide(userAgent: string): boolean {
    const ua = userAgent.trim();
    if (!ua) return true;
    for (const product of productNames(ua)) if (this.blocked.has(product)) return true;
    return false;
  }
}

/** An entry as a product name: `curl/` → `curl`, `got (` → `got`, lowercase. */
export function productName(entry: string): string {
  return entry.trim().replace(/[/(]$/, "").trimEnd().toLowerCase();
}

// --- internal ---

/** The product names of a user-agent, comments left out, lowercase. */
function productNames(userAgent: string): string[] {
  // Comments go, innermost first (they nest); what is left splits at white space into
  // tokens, each named by what precedes its `/`. An unclosed `(` opens a comment to the end.
  let text = userAgent.slice(0, 1024);
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\([^()]*\)/g, " ");
  }
  const outside = text.replace(/\(.*/s, " ").replace(/\)/g, " ");
  return outside
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => token.split("/", 1)[0].toLowerCase());
}
