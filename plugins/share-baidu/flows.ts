/**
 * The two ways the share's own pages list a directory (protocol notes in README.md):
 *  1. one call: `POST /share/wxlist` with the short code and extract code, paged by `has_more`;
 *  2. the web flow: `POST /share/verify` trades the extract code for `randsk`, then
 *     `GET /share/list` lists with `randsk` in the `BDCLND` cookie, paged until a short page.
 * The second is used only when the first is closed to this service (account restrictions).
 */
import type { CallContext, Logger, ShareFile, ShareListing, ShareRef, UpstreamClient } from "@music-aggregator/core";
import { bdclndCookie, integer, plainRandsk, randskFromSeckey, readAnswer, toFileEntries, unreadable } from "./answers.ts";
import { FALLBACK_TRIGGERS, errnoOf, shareErrorOf } from "./errno.ts";
import { surlOf } from "./link.ts";

/** what the weixin page sends as its version; the host only checks it is present */
const WXLIST_VERSION = "2.2.2";
const WXLIST_PAGE_SIZE = 1000;
const LIST_PAGE_SIZE = 100;
/** a hard stop for a host that keeps saying there is more */
export const MAX_PAGES = 20;

export interface FlowSettings {
  baseURL: string;
  /** the operator's cookie, sent as is; never logged */
  cookie?: string;
}

export class BaiduShareFlows {
  constructor(
    private readonly http: UpstreamClient,
    private readonly settings: FlowSettings,
    private readonly log: Logger,
  ) {}

  async list(ref: ShareRef, dir: string, ctx: CallContext): Promise<ShareListing> {
    const first = await this.wxlist(ref, dir, ctx);
    if (first !== "fallback") return first;
    this.log.info("one-call listing refused, using verify-then-list");
    const randsk = ref.pwd ? await this.verify(ref, ctx) : "";
    return this.shareList(ref, dir, randsk, ctx);
  }

  // --- internal ---

  private async wxlist(ref: ShareRef, dir: string, ctx: CallContext): Promise<ShareListing | "fallback"> {
    const root = dir === "/";
    let head: Omit<ShareListing, "list"> | undefined;
    const list: ShareFile[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const response = await this.http.request("/share/wxlist", {
        method: "POST",
        query: { channel: "weixin", version: WXLIST_VERSION, clienttype: 25, web: 1 },
        form: { shorturl: ref.shortCode, dir: root ? "" : dir, root: root ? 1 : 0, pwd: ref.pwd ?? "", page, num: WXLIST_PAGE_SIZE, order: "time" },
        headers: this.headers(ref),
        signal: ctx.signal,
      });
      // A missing endpoint is the host closing this flow, not a missing share.
      if (response.status === 404 && page === 1) return "fallback";
      const answer = readAnswer(response);
      const errno = errnoOf(answer);
      if (page === 1 && errno !== undefined && FALLBACK_TRIGGERS.has(errno)) return "fallback";
      const error = shareErrorOf(answer, !!ref.pwd);
      if (error) throw error;
      const data = answer.data as Record<string, unknown> | undefined;
      if (!data || typeof data !== "object") throw unreadable();
      head ??= { ...ids(data.uk, data.shareid), randsk: randskFromSeckey(data.seckey) };
      const entries = toFileEntries(data.list);
      list.push(...entries);
      if (!(integer(data.has_more) === 1 || data.has_more === true) || entries.length === 0) return { ...head, list };
    }
    this.log.warn(`listing stopped after ${MAX_PAGES} pages`);
    return { ...head!, list };
  }

  /** Trades the extract code for `randsk`: from the answer, else from its `BDCLND` cookie. */
  private async verify(ref: ShareRef, ctx: CallContext): Promise<string> {
    const response = await this.http.request("/share/verify", {
      method: "POST",
      query: { surl: surlOf(ref), t: Date.now(), channel: "chunlei", web: 1, app_id: 250528, clienttype: 0 },
      form: { pwd: ref.pwd ?? "", vcode: "", vcode_str: "" },
      headers: this.headers(ref),
      signal: ctx.signal,
    });
    const answer = readAnswer(response);
    const error = shareErrorOf(answer, true);
    if (error) throw error;
    const randsk = plainRandsk(answer.randsk) ?? bdclndCookie(response.headers);
    if (!randsk) throw unreadable();
    return randsk;
  }

  private async shareList(ref: ShareRef, dir: string, randsk: string, ctx: CallContext): Promise<ShareListing> {
    const root = dir === "/";
    const cookie = [this.settings.cookie, randsk ? `BDCLND=${encodeURIComponent(randsk)}` : undefined].filter(Boolean).join("; ");
    let head: Omit<ShareListing, "list"> | undefined;
    const list: ShareFile[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const response = await this.http.request("/share/list", {
        query: {
          shorturl: surlOf(ref),
          ...(root ? { root: 1 } : { dir }),
          page,
          num: LIST_PAGE_SIZE,
          order: "time",
          desc: 1,
          showempty: 0,
          web: 1,
          channel: "chunlei",
          app_id: 250528,
          clienttype: 0,
        },
        headers: { ...this.headers(ref), ...(cookie ? { cookie } : {}) },
        signal: ctx.signal,
      });
      const answer = readAnswer(response);
      const error = shareErrorOf(answer, !!ref.pwd);
      if (error) throw error;
      head ??= { ...ids(answer.uk ?? answer.share_uk, answer.share_id ?? answer.shareid), randsk };
      const entries = toFileEntries(answer.list);
      list.push(...entries);
      if (entries.length < LIST_PAGE_SIZE) return { ...head, list };
    }
    this.log.warn(`listing stopped after ${MAX_PAGES} pages`);
    return { ...head!, list };
  }

  private headers(ref: ShareRef): Record<string, string> {
    // The share page is the referer the host expects; it is built from our base URL.
    const headers: Record<string, string> = { referer: `${this.settings.baseURL}/s/${ref.shortCode}` };
    if (this.settings.cookie) headers.cookie = this.settings.cookie;
    return headers;
  }
}

// --- internal ---

function ids(uk: unknown, shareid: unknown): { uk: number; shareid: number } {
  const u = integer(uk);
  const s = integer(shareid);
  if (u === undefined || s === undefined) throw unreadable();
  return { uk: u, shareid: s };
}
