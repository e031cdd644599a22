/**
 * The user-agent block list (DESIGN §3): an empty user-agent, or one whose product token is
 * a blocked entry (case-insensitive), is refused with 4002. An entry ending in `/` or `(`
 * matches as a prefix; any other entry must be followed by the end, `/`, ` ` or `(`, so
 * `node` blocks Node's own fetch without blocking `nodeapp/1.0`.
 */
export class UserAgentPolicy {
  private readonly blocked: string[];

  constructor(entries: string[]) {
    this.blocked = entries.map((e) => e.toLowerCase());
  }

  isBlocked(userAgent: string | null | undefined): boolean {
    const ua = (userAgent ?? "").trim().toLowerCase();
    if (!ua) return true;
    return this.blocked.some((entry) => {
      if (!ua.startsWith(entry)) return false;
      if (/[/( ]$/.test(entry) || ua.length === entry.length) return true;
      return "/ (".includes(ua.charAt(entry.length));
    });
  }
}
