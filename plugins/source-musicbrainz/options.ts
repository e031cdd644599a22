/**
 * Options of the MusicBrainz source plugin (`sources.<id>.options` in the config). MusicBrainz
 * asks every client to name itself and a way to reach whoever runs it in the User-Agent
 * (`AppName/version ( contact )`), so `contact` is required: binding the plugin without one
 * stops the start with a problem naming `contact`. It also asks for at most one request per
 * second, which is what `requestsPerSecond` allows against musicbrainz.org; a mirror of one's
 * own may take more. Unknown keys are refused.
 */
import { DEFAULT_USER_AGENT, z } from "@music-aggregator/core";

const MISSING_CONTACT = "required: an email address or an http(s) page where MusicBrainz can reach whoever runs this service (MusicBrainz asks every client's User-Agent to name one)";
const OFFICIAL_HOST = "musicbrainz.org";

/** `AppName/version`: the service's own product token. */
const PRODUCT = /^[A-Za-z0-9._-]{1,60}\/[A-Za-z0-9._+-]{1,30}$/;

export const MusicBrainzOptions = z
  .strictObject({
    /**
     * An email address or an http(s) page, put in the User-Agent as MusicBrainz asks
     * (`music-aggregator/0.1.0 ( ops@example.org )`).
     * @default none: required
     */
    contact: z
      .string({ error: (issue) => (issue.input === undefined ? MISSING_CONTACT : "expected the contact as a string") })
      .min(1, MISSING_CONTACT)
      .max(200, "a contact of at most 200 characters")
      .refine((text) => !/[\s()]/.test(text), "a contact has no spaces nor parentheses (it sits between the User-Agent's)")
      .refine((text) => z.email().safeParse(text).success || /^https?:\/\/[^/]/i.test(text), "expected an email address or an http(s) address"),
    /**
     * The application and its version, the User-Agent's first part.
     * @default the service's own: "music-aggregator/<version>"
     */
    application: z.string().regex(PRODUCT, "expected AppName/version, e.g. my-radio/2.1").default(DEFAULT_USER_AGENT.split(" ")[0]),
    /**
     * Where the MusicBrainz web service answers; a mirror (a MusicBrainz server of one's own) or
     * a local simulator may stand in.
     * @default "https://musicbrainz.org/ws/2"
     */
    baseURL: z.string().url().default(`https://${OFFICIAL_HOST}/ws/2`),
    /**
     * Requests per second, for every instance of the service together (the budget is shared
     * through Redis when the service has one). musicbrainz.org allows one; only a mirror of
     * one's own may be given more.
     * @default 1
     */
    requestsPerSecond: z.number().int().positive().max(1000).default(1),
    /**
     * Time allowed per request to MusicBrainz, waits for its turn in the budget included, in
     * milliseconds.
     * @default config `upstream.timeoutMs` (8000)
     */
    timeoutMs: z.number().int().positive().optional(),
  })
  .check((ctx) => {
    const { baseURL, requestsPerSecond } = ctx.value;
    if (requestsPerSecond > 1 && new URL(baseURL).hostname.toLowerCase().endsWith(OFFICIAL_HOST)) {
      ctx.issues.push({ code: "custom", input: requestsPerSecond, path: ["requestsPerSecond"], message: `${OFFICIAL_HOST} allows one request per second per client; more only for a mirror of one's own` });
    }
  });

export type MusicBrainzOptions = z.output<typeof MusicBrainzOptions>;

/** The User-Agent MusicBrainz asks for: `AppName/version ( contact )`. */
export const userAgentOf = (options: MusicBrainzOptions): string => `${options.application} ( ${options.contact} )`;
