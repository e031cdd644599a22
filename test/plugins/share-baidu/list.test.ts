/**
 * `/api/v0/list` end to end: both listing flows of the share host, paging, the listing cache,
 * and what reaches the host (forms, cookies) and what never reaches the logs.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import type { TestApp } from "../../support/app.ts";
import { BIG_FS_ID, SHARES, type ShareHostSimulator } from "../../../plugins/share-baidu/test/simulator.ts";
import { corsHeaders, postList, startShareApp, useShareApp } from "../../api/helpers.ts";

let sim: ShareHostSimulator;
let app: TestApp;

useShareApp((started) => ({ sim, app } = started), { share: { options: { cookie: "BDUSS=operator-cookie-value" } }, resetEach: true });

describe("one-call listing (wxlist)", () => {
  it("lists the root over two has_more pages, with exact entries", async () => {
    const { status, headers, body } = await postList(app, { surl: "https://pan.baidu.com/s/1OpenShare", dir: "/" });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(headers.get("x-cache")).toBe("MISS");
    expect(corsHeaders(headers)).toEqual([]);
    expect(body).toEqual({
      code: 200,
      message: "success",
      data: {
        uk: 1100223344556,
        shareid: 39281746521,
        randsk: "R4nd+Sk/Key==",
        list: [
          { fs_id: "811111111111111", server_filename: "Music", path: "/Music", isdir: 1, size: 0, md5: "", category: 6, server_ctime: 1690000000, server_mtime: 1690000100 },
          { fs_id: BIG_FS_ID, server_filename: "readme.txt", path: "/readme.txt", isdir: 0, size: 1234, md5: `md5-${BIG_FS_ID}`, category: 4, server_ctime: 1700000000, server_mtime: 1700000100 },
          { fs_id: "822222222222222", server_filename: "cover.jpg", path: "/cover.jpg", isdir: 0, size: 56789, md5: "md5-822222222222222", category: 3, server_ctime: 1700000000, server_mtime: 1700000100 },
        ],
      },
    });
    expect(sim.calls.get("POST /share/wxlist")).toBe(2);
    expect(sim.totalCalls()).toBe(2);
    const [first, second] = sim.received.wxlist;
    expect(Object.fromEntries(first.query)).toEqual({ channel: "weixin", version: "2.2.2", clienttype: "25", web: "1" });
    expect(Object.fromEntries(first.form)).toEqual({ shorturl: "1OpenShare", dir: "", root: "1", pwd: "", page: "1", num: "1000", order: "time" });
    expect(second.form.get("page")).toBe("2");
  });

  it("lists a sub-folder by the path of its entry, in one call", async () => {
    const { status, body } = await postList(app, { surl: "1OpenShare", dir: "/Music" });
    expect(status).toBe(200);
    expect(body.data.list.map((f: { server_filename: string; isdir: number }) => [f.server_filename, f.isdir])).toEqual([
      ["a.flac", 0],
      ["b.flac", 0],
    ]);
    expect(sim.calls.get("POST /share/wxlist")).toBe(1);
    expect(sim.received.wxlist[0].form.get("root")).toBe("0");
    expect(sim.received.wxlist[0].form.get("dir")).toBe("/Music");
  });

  it("sends the extract code from the link and refuses a missing or wrong one", async () => {
    const ok = await postList(app, { surl: "https://pan.baidu.com/s/1LockedShare?pwd=ab12", dir: "/" });
    expect(ok.status).toBe(200);
    expect(ok.body.data.list).toHaveLength(1);
    expect(sim.received.wxlist[0].form.get("pwd")).toBe("ab12");

    const missing = await postList(app, { surl: "https://pan.baidu.com/share/init?surl=LockedShare", dir: "/" });
    expect(missing).toMatchObject({ status: 401, body: { code: 401, message: "this share needs an extract code (pwd)", data: null } });
    const wrong = await postList(app, { surl: "1LockedShare", dir: "/", pwd: "zz99" });
    expect(wrong).toMatchObject({ status: 403, body: { code: 403, message: "wrong extract code", data: null } });
    expect(sim.calls.get("POST /share/wxlist")).toBe(3);
    expect(sim.calls.get("POST /share/verify") ?? 0).toBe(0);
  });

  it("stops following has_more after 20 pages", async () => {
    let n = 0;
    sim.answers.wxlist = () => ({
      errno: 0,
      data: { uk: 1, shareid: 2, seckey: "", has_more: 1, list: [{ fs_id: String(++n), server_filename: `f${n}`, path: `/f${n}`, isdir: 0, size: 1 }] },
    });
    const { status, body } = await postList(app, { surl: "1Endless", dir: "/" });
    expect(status).toBe(200);
    expect(body.data.list).toHaveLength(20);
    expect(sim.calls.get("POST /share/wxlist")).toBe(20);
  });
});

describe("verify-then-list fallback", () => {
  it("uses verify and BDCLND when the one-call listing is refused (9019)", async () => {
    const { status, body } = await postList(app, { surl: "https://pan.baidu.com/s/1WebOnly", dir: "/", pwd: "cd34" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ uk: 4400, shareid: 5500, randsk: "V2ViT25seQ==" });
    expect(body.data.list.map((f: { path: string; isdir: number }) => [f.path, f.isdir])).toEqual([["/Big", 1], ["/a.txt", 0]]);
    expect([sim.calls.get("POST /share/wxlist"), sim.calls.get("POST /share/verify"), sim.calls.get("GET /share/list")]).toEqual([1, 1, 1]);
    const verify = sim.received.verify[0];
    expect(verify.query.get("surl")).toBe("WebOnly");
    expect(verify.form.get("pwd")).toBe("cd34");
    const list = sim.received.list[0];
    expect(list.query.get("shorturl")).toBe("WebOnly");
    expect(list.query.get("root")).toBe("1");
    expect(list.cookie).toBe(`BDUSS=operator-cookie-value; BDCLND=${encodeURIComponent("V2ViT25seQ==")}`);
  });

  it("pages /share/list until a short page (150 entries, 2 pages)", async () => {
    const { status, body } = await postList(app, { surl: "1WebOnly", dir: "/Big", pwd: "cd34" });
    expect(status).toBe(200);
    expect(body.data.list).toHaveLength(150);
    expect(body.data.list[149]).toMatchObject({ fs_id: "700000000000149", path: "/Big/f149.bin", isdir: 0, size: 149 });
    expect(sim.calls.get("GET /share/list")).toBe(2);
    expect(sim.received.list.map((c) => [c.query.get("dir"), c.query.get("page"), c.query.get("num")])).toEqual([
      ["/Big", "1", "100"],
      ["/Big", "2", "100"],
    ]);
  });

  it("takes randsk from the BDCLND cookie when verify's answer lacks it", async () => {
    const { status, body } = await postList(app, { surl: "1CookieOnly", dir: "/", pwd: "ef56" });
    expect(status).toBe(200);
    expect(body.data.randsk).toBe(SHARES["1CookieOnly"].randsk);
    expect(sim.received.list[0].cookie).toContain(`BDCLND=${encodeURIComponent(SHARES["1CookieOnly"].randsk)}`);
  });

  it("lists a public share without verify and without BDCLND", async () => {
    const { status, body } = await postList(app, { surl: "1PublicWeb", dir: "/" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ uk: 8800, shareid: 9900, randsk: "" });
    expect(sim.calls.get("POST /share/verify") ?? 0).toBe(0);
    expect(sim.received.list[0].cookie).toBe("BDUSS=operator-cookie-value");
  });

  it("answers 403 when verify refuses the extract code, without listing", async () => {
    const { status, body } = await postList(app, { surl: "1WebOnly", dir: "/", pwd: "zz99" });
    expect(status).toBe(403);
    expect(body).toEqual({ code: 403, message: "wrong extract code", data: null });
    expect(sim.calls.get("GET /share/list") ?? 0).toBe(0);
  });
});

describe("listing cache", () => {
  it("answers the same (share, pwd, dir) from cache and a different one upstream", async () => {
    // A fresh app: its cache holds nothing from the other tests.
    const app = await startShareApp(sim.url);
    onTestFinished(() => app.close());
    const first = await postList(app, { surl: "1LockedShare", dir: "/", pwd: "ab12" });
    expect(first.headers.get("x-cache")).toBe("MISS");
    const again = await postList(app, { surl: "https://pan.baidu.com/s/1LockedShare?pwd=ab12", dir: "/" });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.body).toEqual(first.body);
    expect(sim.calls.get("POST /share/wxlist")).toBe(1);

    const otherPwd = await postList(app, { surl: "1LockedShare", dir: "/", pwd: "zz99" });
    expect(otherPwd.status).toBe(403);
    const trailingSlash = await postList(app, { surl: "1OpenShare", dir: "/Music/" });
    const sameDir = await postList(app, { surl: "1OpenShare", dir: "/Music" });
    expect([trailingSlash.headers.get("x-cache"), sameDir.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    expect(sim.calls.get("POST /share/wxlist")).toBe(3);
  });

  it("does not cache failures", async () => {
    sim.answers.wxlist = () => ({ errno: -62 });
    expect((await postList(app, { surl: "1Flaky", dir: "/" })).status).toBe(429);
    delete sim.answers.wxlist;
    sim.answers.wxlist = () => ({ errno: 0, data: { uk: 1, shareid: 2, seckey: "", has_more: 0, list: [] } });
    const ok = await postList(app, { surl: "1Flaky", dir: "/" });
    expect(ok).toMatchObject({ status: 200, body: { data: { uk: 1, shareid: 2, randsk: "", list: [] } } });
    expect(sim.calls.get("POST /share/wxlist")).toBe(2);
  });
});

describe("secrets", () => {
  it("sends the operator cookie upstream but never logs it or an extract code", async () => {
    await postList(app, { surl: "https://pan.baidu.com/s/1WebOnly?pwd=cd34", dir: "/" });
    await postList(app, { surl: "1LockedShare", dir: "/", pwd: "zz99" });
    expect(sim.received.wxlist[0].cookie).toBe("BDUSS=operator-cookie-value");
    const logs = app.logs.join("\n");
    expect(logs).not.toMatch(/operator-cookie-value|cd34|zz99|BDCLND|V2ViT25seQ/);
  });
});
