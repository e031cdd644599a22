/**
 * The service never fetches what a caller names: links on other hosts, other schemes, `@`
 * tricks, encoded or look-alike hosts, IP literals and ports are refused with 400, and the
 * share host (the simulator) receives no request at all.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../support/app.ts";
import type { ShareHostSimulator } from "../../../plugins/share-baidu/test/simulator.ts";
import { postList, useShareApp } from "../../api/helpers.ts";

let sim: ShareHostSimulator;
let app: TestApp;

useShareApp((started) => ({ sim, app } = started));

const REFUSED = {
  code: 400,
  message: "surl must be a share link on pan.baidu.com or yun.baidu.com (/s/1xxxx or /share/init?surl=xxxx) or a bare short code",
  data: null,
};

const HOSTILE = [
  // other hosts, including the simulator itself, which is listening
  "https://evil.example.com/s/1OpenShare",
  "https://pan.baidu.com.evil.example/s/1OpenShare",
  "https://yun.baidu.com.evil.example/s/1OpenShare",
  "https://evilpan.baidu.com/s/1OpenShare",
  "https://www.baidu.com/s/1OpenShare",
  "https://evil.example/?u=https://pan.baidu.com/s/1OpenShare",
  "http://localhost/s/1OpenShare",
  "http://127.0.0.1/s/1OpenShare",
  "http://[::1]/s/1OpenShare",
  "http://0x7f.0.0.1/s/1OpenShare",
  "http://2130706433/s/1OpenShare",
  "http://169.254.169.254/latest/meta-data/",
  "SIM/s/1OpenShare",
  "SIM/share/wxlist",
  // other schemes
  "ftp://pan.baidu.com/s/1OpenShare",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "gopher://pan.baidu.com/s/1OpenShare",
  "ws://pan.baidu.com/s/1OpenShare",
  "//pan.baidu.com/s/1OpenShare",
  "https:/pan.baidu.com/s/1OpenShare",
  // @ tricks and userinfo
  "https://pan.baidu.com@evil.example/s/1OpenShare",
  "https://evil.example@pan.baidu.com/s/1OpenShare",
  "https://user:pass@pan.baidu.com/s/1OpenShare",
  "https://pan.baidu.com:@evil.example/s/1OpenShare",
  "https://pan.baidu.com\\@evil.example/s/1OpenShare",
  "https://pan.baidu.com#@evil.example/s/1OpenShare",
  "https://pan.baidu.com%40evil.example/s/1OpenShare",
  // encoded and look-alike hosts
  "https://pan%2ebaidu%2ecom/s/1OpenShare",
  "https://%70an.baidu.com/s/1OpenShare",
  "https://pan.baidu.com%00.evil.example/s/1OpenShare",
  "https://ｐａｎ.baidu.com/s/1OpenShare",
  "https://pan。baidu。com/s/1OpenShare",
  "https://pan.baidu.com./s/1OpenShare",
  "https://xn--pan-baidu-com.example/s/1OpenShare",
  // ports, even the default one
  "https://pan.baidu.com:8443/s/1OpenShare",
  "https://pan.baidu.com:443/s/1OpenShare",
  "http://pan.baidu.com:80/s/1OpenShare",
  // right host, wrong path or code
  "https://pan.baidu.com/",
  "https://pan.baidu.com/s/",
  "https://pan.baidu.com/s/OpenShare",
  "https://pan.baidu.com/s/1Open/Share",
  "https://pan.baidu.com/s/1Open%2fShare",
  "https://pan.baidu.com/s/../share/wxlist",
  "https://pan.baidu.com/share/wxlist?shorturl=1OpenShare",
  "https://pan.baidu.com/share/init?surl=../../x",
  "https://pan.baidu.com/share/init",
  "https://pan.baidu.com/redirect?url=https://evil.example/",
  // not a code either
  "pan.baidu.com",
  "evil.example/s/1OpenShare",
  "1Open Share",
  "1Open\nShare",
  "1Op",
  "x".repeat(3000),
];

describe("SSRF: only share links on the known hosts or bare codes", () => {
  it.each(HOSTILE)("refuses %s with 400", async (raw) => {
    const surl = raw.replace(/^SIM/, sim.url);
    const { status, body, headers } = await postList(app, { surl, dir: "/" });
    expect(status).toBe(400);
    expect(body).toEqual(surl.length > 2048 ? { code: 400, message: "surl must be at most 2048 characters", data: null } : REFUSED);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("sent nothing to the share host for any of them", () => {
    expect(sim.totalCalls()).toBe(0);
    expect(sim.log).toEqual([]);
  });

  it("builds the upstream URL itself for an accepted link (host in any case, http or https)", async () => {
    sim.reset();
    const { status } = await postList(app, { surl: "http://PAN.Baidu.COM/s/1OpenShare/", dir: "/Music" });
    expect(status).toBe(200);
    expect(sim.log).toEqual(["POST /share/wxlist?channel=weixin&version=2.2.2&clienttype=25&web=1"]);
  });
});

describe("redirects from the share host", () => {
  it("a 307 to another address is not followed, so the form goes nowhere else: 502", async () => {
    let stolen = 0;
    const victim = createServer((_req, res) => {
      stolen++;
      res.end("{}");
    });
    await new Promise<void>((resolve) => victim.listen(0, "127.0.0.1", resolve));
    try {
      sim.reset();
      sim.answers.wxlist = () => new Response(null, { status: 307, headers: { location: `http://127.0.0.1:${(victim.address() as AddressInfo).port}/steal` } });
      const { status, body } = await postList(app, { surl: "1OpenShare", dir: "/" });
      expect([status, body.code]).toEqual([502, 502]);
      expect(stolen).toBe(0);
      // nor is a 307 of the form back to the share host itself repeated
      sim.answers.wxlist = () => new Response(null, { status: 307, headers: { location: "/share/wxlist?again=1" } });
      expect((await postList(app, { surl: "1OpenShare", dir: "/" })).status).toBe(502);
      expect(sim.received.wxlist.length).toBe(2);
    } finally {
      sim.reset();
      await new Promise((resolve) => victim.close(resolve));
    }
  });
});
