/**
 * Share backend `baidu`: lists public shares of pan.baidu.com the way the share's own pages
 * do. Only links on the known share hosts or bare short codes are accepted; every upstream URL
 * is built from `baseURL`. Extract codes and cookies are never logged.
 */
import { defineSharePlugin, Tokens, z } from "@music-aggregator/core";
import { BaiduShareFlows } from "./flows.ts";
import { parseShareLink } from "./link.ts";

export const BaiduShareOptions = z.strictObject({
  /**
   * Where the share host is reached (tests point it at a simulator).
   * @default "https://pan.baidu.com"
   */
  baseURL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), "expected an http or https URL")
    .default("https://pan.baidu.com")
    .transform((url) => url.replace(/\/+$/, "")),
  /** An operator's cookie for the host (e.g. `BDUSS=...`); sent as is, never logged. @default none */
  cookie: z.string().regex(/^[^\r\n]*$/, "must be a single line").optional(),
  /** User-Agent sent to the host. @default the service's own (config upstream.userAgent) */
  userAgent: z.string().min(1).optional(),
  /** Per request, milliseconds. @default config upstream.timeoutMs */
  timeoutMs: z.number().int().positive().optional(),
});
export type BaiduShareOptions = z.infer<typeof BaiduShareOptions>;

export default defineSharePlugin({
  id: "baidu",
  name: "Baidu Netdisk public shares",
  options: BaiduShareOptions,
  deps: { http: Tokens.Http },
  create({ options, deps, log }) {
    const http = deps.http.create({
      name: "share host",
      // A listing page holds at most 1,000 entries: under a megabyte even with long names.
      maxBodyBytes: 4 * 1024 * 1024,
      baseURL: options.baseURL,
      userAgent: options.userAgent,
      timeoutMs: options.timeoutMs,
    });
    const flows = new BaiduShareFlows(http, { baseURL: options.baseURL, cookie: options.cookie }, log);
    return {
      parse: (surl, pwd) => parseShareLink(surl, pwd),
      list: (share, dir, ctx) => flows.list(share, dir, ctx),
    };
  },
});
