/**
 * Options of the Jamendo source plugin (`sources.<id>.options` in the config). Jamendo wants a
 * client id on every request, so `clientId` is required: binding the plugin without one stops
 * the start with a problem naming `clientId`. Unknown keys are refused so that a typo such as
 * `clientID` is a startup error, not a silent default.
 */
import { z } from "@music-aggregator/core";

/** The sizes Jamendo renders covers in (its `imagesize` parameter). */
export const IMAGE_SIZES = [25, 35, 50, 55, 60, 65, 70, 75, 85, 100, 130, 150, 200, 300, 400, 500, 600] as const;

const MISSING_CLIENT_ID = "required: the client id of your Jamendo application (free at https://devportal.jamendo.com)";

export const JamendoOptions = z.strictObject({
  /**
   * The client id of your Jamendo application, sent as `client_id` with every request. It is
   * never logged nor put in an error message.
   * @default none: required
   */
  clientId: z
    .string({ error: (issue) => (issue.input === undefined ? MISSING_CLIENT_ID : "expected the client id as a string") })
    .min(1, MISSING_CLIENT_ID)
    .regex(/^\S+$/, "a Jamendo client id has no spaces"),
  /**
   * Where the Jamendo API v3.0 answers; a mirror, a proxy or a local simulator may stand in.
   * @default "https://api.jamendo.com/v3.0"
   */
  baseURL: z.string().url().default("https://api.jamendo.com/v3.0"),
  /**
   * Width in pixels of the covers Jamendo links to (its `imagesize`), one of Jamendo's sizes.
   * @default 600
   */
  imageSize: z
    .number()
    .int()
    .refine((n) => (IMAGE_SIZES as readonly number[]).includes(n), `expected one of Jamendo's image sizes: ${IMAGE_SIZES.join(", ")}`)
    .default(600),
  /**
   * User-Agent sent to Jamendo.
   * @default the service's own (config `upstream.userAgent`)
   */
  userAgent: z.string().min(1).optional(),
  /**
   * Time allowed per request to Jamendo, in milliseconds.
   * @default config `upstream.timeoutMs` (8000)
   */
  timeoutMs: z.number().int().positive().optional(),
});

export type JamendoOptions = z.output<typeof JamendoOptions>;
