/** The service's version, and the User-Agent upstream requests carry unless configured. */
export const VERSION = "0.1.0";
export const DEFAULT_USER_AGENT = `music-aggregator/${VERSION} (read-only metadata service; +https://github.com/music-aggregator/music-aggregator)`;
