/**
 * A simulator of the share host, on `startSimulator`: it speaks both listing flows with
 * hand-written answers in the host's shape.
 *  - `POST /share/wxlist` (form: shorturl, dir, root, pwd, page, num, order): two entries per
 *    page with `has_more`; the root listing sends `isdir` as a string, as the host does.
 *  - `POST /share/verify?surl=` (form: pwd): `randsk` (percent-encoded) and a `BDCLND` cookie.
 *  - `GET /share/list?shorturl=` with the `BDCLND` cookie: pages of `num` entries.
 * `answers` replaces the answer of one endpoint for a test (an object or a raw `Response`).
 */
import type { H3Event } from "h3";
import { startSimulator, type Simulator } from "@music-aggregator/core/testing";

export interface RawEntry {
  /** kept as a string here and written as a bare JSON number, like the host */
  fs_id: string;
  server_filename: string;
  path: string;
  isdir: 0 | 1;
  size: number;
  md5?: string;
  category: number;
  server_ctime: number;
  server_mtime: number;
}

export interface ShareFixture {
  pwd?: string;
  uk: number;
  shareid: number;
  /** as `seckey` of wxlist: URL-safe base64 (`-`, `~`, `_`) */
  seckey: string;
  /** what verify hands out, in plain base64 */
  randsk: string;
  /** wxlist answers 9019 ("need verify") for this share, as it does for restricted clients */
  wxlistRestricted?: boolean;
  /** verify answers without `randsk`: only its `BDCLND` cookie carries it */
  verifyCookieOnly?: boolean;
  dirs: Record<string, RawEntry[]>;
}

type Answer = Record<string, unknown> | Response;

export interface ShareHostSimulator extends Simulator {
  /** per-endpoint replacement answers; cleared by `reset()` */
  answers: { wxlist?: (form: URLSearchParams) => Answer; verify?: () => Answer; list?: () => Answer };
  /** what each endpoint received, in order */
  received: { wxlist: ReceivedCall[]; verify: ReceivedCall[]; list: ReceivedCall[] };
}

export interface ReceivedCall {
  query: URLSearchParams;
  form: URLSearchParams;
  cookie: string;
  userAgent: string;
}

const WX_PAGE = 2;
export const BIG_FS_ID = "9007199254740993"; // 2^53 + 1: a JS number cannot hold it

const file = (fs_id: string, dir: string, name: string, size: number, category = 6): RawEntry => ({
  fs_id, server_filename: name, path: `${dir === "/" ? "" : dir}/${name}`, isdir: 0, size,
  md5: `md5-${fs_id}`, category, server_ctime: 1700000000, server_mtime: 1700000100,
});
const folder = (fs_id: string, dir: string, name: string): RawEntry => ({
  fs_id, server_filename: name, path: `${dir === "/" ? "" : dir}/${name}`, isdir: 1, size: 0,
  category: 6, server_ctime: 1690000000, server_mtime: 1690000100,
});

export const SHARES: Record<string, ShareFixture> = {
  "1OpenShare": {
    uk: 1100223344556, shareid: 39281746521, seckey: "R4nd-Sk_Key~~", randsk: "R4nd+Sk/Key==",
    dirs: {
      "/": [folder("811111111111111", "/", "Music"), file(BIG_FS_ID, "/", "readme.txt", 1234, 4), file("822222222222222", "/", "cover.jpg", 56789, 3)],
      "/Music": [file("833333333333333", "/Music", "a.flac", 30000000, 2), file("844444444444444", "/Music", "b.flac", 31000000, 2)],
    },
  },
  "1LockedShare": {
    pwd: "ab12", uk: 2200, shareid: 3300, seckey: "bG9ja2Vk", randsk: "bG9ja2Vk",
    dirs: { "/": [file("911111111111111", "/", "secret.pdf", 4096, 4)] },
  },
  "1WebOnly": {
    pwd: "cd34", uk: 4400, shareid: 5500, seckey: "", randsk: "V2ViT25seQ==", wxlistRestricted: true,
    dirs: {
      "/": [folder("711111111111111", "/", "Big"), file("722222222222222", "/", "a.txt", 10, 4)],
      "/Big": Array.from({ length: 150 }, (_, i) => file(String(700000000000000 + i), "/Big", `f${i}.bin`, i)),
    },
  },
  "1CookieOnly": {
    pwd: "ef56", uk: 6600, shareid: 7700, seckey: "", randsk: "Q29va2ll+/==", wxlistRestricted: true, verifyCookieOnly: true,
    dirs: { "/": [file("611111111111111", "/", "c.txt", 11, 4)] },
  },
  "1PublicWeb": {
    uk: 8800, shareid: 9900, seckey: "", randsk: "", wxlistRestricted: true,
    dirs: { "/": [file("511111111111111", "/", "p.txt", 12, 4)] },
  },
};

export async function startShareHost(): Promise<ShareHostSimulator> {
  const answers: ShareHostSimulator["answers"] = {};
  const received: ShareHostSimulator["received"] = { wxlist: [], verify: [], list: [] };

  const sim = await startSimulator({
    "POST /share/wxlist": async (event) => {
      const call = await receive(event, received.wxlist);
      const { query, form } = call;
      if (answers.wxlist) return reply(answers.wxlist(form));
      if (query.get("channel") !== "weixin" || query.get("clienttype") !== "25" || query.get("web") !== "1" || !query.get("version")) {
        return reply({ errno: 2, request_id: 1 });
      }
      const share = SHARES[form.get("shorturl") ?? ""];
      if (!share) return reply({ errno: 105, errtype: "mis_105", request_id: 1 });
      if (share.wxlistRestricted) return reply({ errno: 9019, errmsg: "need verify", request_id: 1 });
      if (share.pwd && !form.get("pwd")) return reply({ errno: -9, request_id: 1 });
      if (share.pwd && form.get("pwd") !== share.pwd) return reply({ errno: -130, errtype: "mispwd-9", request_id: 1 });
      const dir = form.get("root") === "1" ? "/" : (form.get("dir") ?? "");
      const entries = share.dirs[dir];
      if (!entries) return reply({ errno: 2, errtype: "mis_2", request_id: 1 });
      const page = Number(form.get("page"));
      const slice = entries.slice((page - 1) * WX_PAGE, page * WX_PAGE);
      const list = slice.map((e) => ({ ...e, isdir: dir === "/" ? String(e.isdir) : e.isdir, dlink: "https://d.pcs.example/file" }));
      return reply({
        errno: 0,
        request_id: 1,
        data: { uk: share.uk, shareid: share.shareid, seckey: share.seckey, title: "t", list, has_more: page * WX_PAGE < entries.length ? 1 : 0 },
      });
    },
    "POST /share/verify": async (event) => {
      const { query, form } = await receive(event, received.verify);
      if (answers.verify) return reply(answers.verify());
      const share = SHARES[`1${query.get("surl") ?? ""}`];
      if (!share) return reply({ errno: 105, err_msg: "", request_id: 2 });
      if (form.get("pwd") !== share.pwd) return reply({ errno: -9, err_msg: "", request_id: 2 });
      const encoded = encodeURIComponent(share.randsk);
      const body = share.verifyCookieOnly ? { errno: 0, err_msg: "", request_id: 2 } : { errno: 0, err_msg: "", request_id: 2, randsk: encoded };
      return new Response(JSON.stringify(body), {
        headers: { "content-type": "application/json", "set-cookie": `BDCLND=${encoded}; expires=Thu, 01 Jan 2099 00:00:00 GMT; path=/; domain=pan.baidu.com` },
      });
    },
    "GET /share/list": async (event) => {
      const { query, cookie } = await receive(event, received.list);
      if (answers.list) return reply(answers.list());
      const share = SHARES[`1${query.get("shorturl") ?? ""}`];
      if (!share) return reply({ errno: 105, request_id: 3 });
      if (share.pwd && !cookie.includes(`BDCLND=${encodeURIComponent(share.randsk)}`)) return reply({ errno: -9, request_id: 3 });
      const dir = query.get("root") === "1" ? "/" : (query.get("dir") ?? "");
      const entries = share.dirs[dir];
      if (!entries) return reply({ errno: 2, request_id: 3 });
      const num = Number(query.get("num"));
      const page = Number(query.get("page"));
      const list = entries.slice((page - 1) * num, page * num);
      return reply({ errno: 0, request_id: 3, server_time: 1700000000, title: "t", list, share_id: share.shareid, uk: share.uk });
    },
  });

  const reset = sim.reset.bind(sim);
  return Object.assign(sim, {
    answers,
    received,
    reset() {
      reset();
      for (const key of Object.keys(answers)) delete answers[key as keyof typeof answers];
      for (const list of Object.values(received)) list.length = 0;
    },
  });
}

// --- internal ---

async function receive(event: H3Event, into: ReceivedCall[]): Promise<ReceivedCall> {
  const call = {
    query: new URLSearchParams(event.url.search),
    form: new URLSearchParams(await event.req.text()),
    cookie: event.req.headers.get("cookie") ?? "",
    userAgent: event.req.headers.get("user-agent") ?? "",
  };
  into.push(call);
  return call;
}

/** JSON as the host writes it: `fs_id` as a bare number however large. */
function reply(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  const text = JSON.stringify(answer).replace(/"fs_id":"(\d+)"/g, '"fs_id":$1');
  return new Response(text, { headers: { "content-type": "application/json; charset=utf-8" } });
}
