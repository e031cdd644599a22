/**
 * What the `/api` endpoints answer, as zod schemas for the OpenAPI document (DESIGN §4): the
 * share listing and the traffic statistics. The service builds these answers from plugin
 * types and counters, not from these schemas, so a test checks live answers against them.
 */
import { z } from "zod";

const Count = z.number().int().nonnegative();

export const ShareFile = z.looseObject({
  fs_id: z.string().describe("the entry's id, a string of digits (it may not fit a JavaScript number)"),
  server_filename: z.string(),
  path: z.string().describe("pass it back as dir to open a folder"),
  isdir: z.union([z.literal(0), z.literal(1)]),
  size: Count.describe("bytes; 0 for folders"),
  md5: z.string().describe("files only, may be empty"),
  category: z.number().int(),
  server_ctime: Count.describe("Unix time in seconds"),
  server_mtime: Count.describe("Unix time in seconds"),
});

export const ShareListing = z.looseObject({
  uk: z.number().int(),
  shareid: z.number().int(),
  randsk: z.string(),
  list: z.array(ShareFile),
});

export const TrafficCounters = z.looseObject({
  requests: Count.describe("every request under /api"),
  list: Count.describe("listings answered 200"),
  qrcode: Count.describe("QR codes answered 200"),
  failed: Count.describe("requests under /api answered with an error"),
  files: Count.describe("file entries returned by the listings"),
});

export const TrafficSnapshot = z.looseObject({
  /** the current UTC day */
  today: TrafficCounters,
  total: TrafficCounters,
  since: z.iso.datetime().describe("when the earliest counted instance started"),
  generatedAt: z.iso.datetime().describe("when this snapshot was taken; it is kept 5 minutes"),
});

/** The named `/api` answer types, as `components.schemas` names them. */
export const API_TYPES: Record<string, z.ZodType> = { ShareFile, ShareListing, TrafficCounters, TrafficSnapshot };
