/**
 * Every `errno`/`errtype` of the share host in docs/decisions.md (/api) table, through the real route:
 * exact status, exact envelope, and which upstream endpoints were asked.
 */
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../support/app.ts";
import type { ShareHostSimulator } from "../../../plugins/share-baidu/test/simulator.ts";
import { postList, useShareApp } from "../../api/helpers.ts";

let sim: ShareHostSimulator;
let app: TestApp;

useShareApp((started) => ({ sim, app } = started), { share: { options: { timeoutMs: 300 } }, config: { upstream: { retries: 0 } }, resetEach: true });

const MESSAGES: Record<number, string> = {
  401: "this share needs an extract code (pwd)",
  403: "wrong extract code",
  410: "the share has expired",
  451: "the share is blocked by the share host",
  429: "the share host is rate limiting this service, retry later",
};

type Case = { answer: Record<string, unknown>; pwd?: string; status: number; message?: string };

// The one-call listing's answers, with and without an extract code given.
const WXLIST_CASES: Case[] = [
  { answer: { errno: -130, errtype: "mispwd-9" }, pwd: "zz99", status: 403 },
  { answer: { errno: -9 }, pwd: "zz99", status: 403 },
  { answer: { errno: -12 }, pwd: "zz99", status: 403 },
  { answer: { errno: -9 }, status: 401 },
  { answer: { errno: 105 }, status: 404, message: "share not found" },
  { answer: { errno: 2, errtype: "mis_105" }, status: 404, message: "share not found" },
  { answer: { errno: 140 }, status: 404, message: "share not found" },
  { answer: { errno: -7 }, status: 404, message: "share not found" },
  { answer: { errno: -21 }, status: 404, message: "share not found" },
  { answer: { errno: 5 }, pwd: "ab12", status: 404, message: "share not found" },
  { answer: { errno: 10 }, status: 410 },
  { answer: { errno: -8 }, status: 410 },
  { answer: { errno: 3 }, status: 451 },
  { answer: { errno: 115 }, status: 451 },
  { answer: { errno: 2 }, status: 404, message: "directory not found in this share" },
  { answer: { errno: 0, errtype: "mis_2" }, status: 404, message: "directory not found in this share" },
  { answer: { errno: -19 }, status: 429 },
  { answer: { errno: -62 }, status: 429 },
  { answer: { errno: 132 }, status: 502, message: "the share host refused this service's request" },
  { answer: { errno: 110 }, status: 502, message: "the share host refused this service's request" },
  { answer: { errno: 31337 }, status: 502, message: "the share host answered with an unexpected error" },
  { answer: { errno: "-9" }, status: 401 },
];

describe("wxlist errno → status", () => {
  it.each(WXLIST_CASES)("$answer (pwd $pwd) → $status", async ({ answer, pwd, status, message }) => {
    sim.answers.wxlist = () => ({ ...answer, request_id: 7, show_msg: "upstream detail that must not leak" });
    const { status: got, headers, body } = await postList(app, { surl: "1SomeShare", dir: "/Sub", ...(pwd ? { pwd } : {}) });
    expect(got).toBe(status);
    expect(body).toEqual({ code: status, message: message ?? MESSAGES[status], data: null });
    expect(headers.get("retry-after")).toBe(status === 429 ? "60" : null);
    // Answered by the one-call listing alone: no fallback for these.
    expect(sim.calls.get("POST /share/wxlist")).toBe(1);
    expect(sim.totalCalls()).toBe(1);
  });
});

describe("account or IP restrictions → verify-then-list, then 502", () => {
  it.each([8001, 9013, 9019, -6])("errno %i on both flows → 502, after one try of each", async (errno) => {
    sim.answers.wxlist = () => ({ errno });
    sim.answers.verify = () => ({ errno: 0, randsk: "cmFuZHNr" });
    sim.answers.list = () => ({ errno });
    const { status, body } = await postList(app, { surl: "1SomeShare", dir: "/", pwd: "ab12" });
    expect(status).toBe(502);
    expect(body).toEqual({ code: 502, message: "the share host refused this service's request", data: null });
    expect([sim.calls.get("POST /share/wxlist"), sim.calls.get("POST /share/verify"), sim.calls.get("GET /share/list")]).toEqual([1, 1, 1]);
  });
});

describe("verify and list errno → status", () => {
  const VERIFY_CASES: Case[] = [
    { answer: { errno: -9 }, status: 403 },
    { answer: { errno: -12 }, status: 403 },
    { answer: { errno: -62 }, status: 429 },
    { answer: { errno: 105 }, status: 404, message: "share not found" },
    { answer: { errno: 0 }, status: 502, message: "the share host answered something that could not be read" },
  ];
  it.each(VERIFY_CASES)("verify $answer → $status, nothing listed", async ({ answer, status, message }) => {
    sim.answers.verify = () => answer;
    const { status: got, body } = await postList(app, { surl: "1WebOnly", dir: "/", pwd: "cd34" });
    expect(got).toBe(status);
    expect(body).toEqual({ code: status, message: message ?? MESSAGES[status], data: null });
    expect(sim.calls.get("GET /share/list") ?? 0).toBe(0);
  });

  const LIST_CASES: Case[] = [
    { answer: { errno: -9 }, status: 401 },
    { answer: { errno: 2 }, status: 404, message: "directory not found in this share" },
    { answer: { errno: -8 }, status: 410 },
    { answer: { errno: 115 }, status: 451 },
    { answer: { errno: -19 }, status: 429 },
    { answer: { errno: 0, list: [] }, status: 502, message: "the share host answered something that could not be read" },
  ];
  it.each(LIST_CASES)("list $answer → $status", async ({ answer, status, message }) => {
    sim.answers.list = () => answer;
    const { status: got, body } = await postList(app, { surl: "1PublicWeb", dir: "/" });
    expect(got).toBe(status);
    expect(body).toEqual({ code: status, message: message ?? MESSAGES[status], data: null });
    expect(sim.calls.get("GET /share/list")).toBe(1);
  });
});

describe("answers that cannot be read are 502, never 404", () => {
  const unreadable = { code: 502, message: "the share host answered something that could not be read", data: null };

  it("an HTML risk-control page", async () => {
    sim.fault({ kind: "html" });
    const { status, body } = await postList(app, { surl: "1OpenShare", dir: "/" });
    expect([status, body]).toEqual([502, unreadable]);
    expect(sim.calls.get("POST /share/wxlist")).toBe(1);
    expect(sim.totalCalls()).toBe(1);
  });

  it("an HTML page sent as JSON", async () => {
    sim.answers.wxlist = () => new Response("<html><body>安全验证</body></html>", { headers: { "content-type": "application/json" } });
    const { status, body } = await postList(app, { surl: "1OpenShare", dir: "/" });
    expect([status, body]).toEqual([502, unreadable]);
  });

  it.each([
    ["truncated JSON", () => new Response('{"errno":0,"data":{"list":[', { headers: { "content-type": "application/json" } })],
    ["no errno", () => ({ data: { list: [] } })],
    ["errno 0 without data", () => ({ errno: 0 })],
    ["an entry without fs_id", () => ({ errno: 0, data: { uk: 1, shareid: 2, list: [{ server_filename: "x", path: "/x", isdir: 0 }], has_more: 0 } })],
    ["an entry with isdir 2", () => ({ errno: 0, data: { uk: 1, shareid: 2, list: [{ fs_id: 1, server_filename: "x", path: "/x", isdir: 2 }], has_more: 0 } })],
    ["no uk", () => ({ errno: 0, data: { shareid: 2, list: [], has_more: 0 } })],
    ["a JSON array", () => new Response("[]", { headers: { "content-type": "application/json" } })],
  ] as const)("%s", async (_name, answer) => {
    sim.answers.wxlist = answer as () => Record<string, unknown>;
    const { status, body } = await postList(app, { surl: "1OpenShare", dir: "/" });
    expect([status, body]).toEqual([502, unreadable]);
  });

  it("HTTP 500 is 502, a hang is 504", async () => {
    sim.fault({ kind: "status", status: 500 });
    const failed = await postList(app, { surl: "1OpenShare", dir: "/" });
    expect([failed.status, failed.body]).toEqual([502, { code: 502, message: "the share host failed to answer", data: null }]);
    sim.reset();
    sim.fault({ kind: "hang" });
    const hung = await postList(app, { surl: "1OpenShare", dir: "/" });
    expect([hung.status, hung.body]).toEqual([504, { code: 504, message: "the share host did not answer in time", data: null }]);
  });

  it("the share host's own HTTP 429 is 429 with its Retry-After", async () => {
    sim.fault({ kind: "status", status: 429, headers: { "retry-after": "30" } });
    const limited = await postList(app, { surl: "1OpenShare", dir: "/" });
    sim.reset();
    expect([limited.status, limited.body]).toEqual([
      429,
      { code: 429, message: "the share host is rate limiting this service, retry later", data: null },
    ]);
    expect(limited.headers.get("retry-after")).toBe("30");
  });

  it("accepts isdir and numbers sent as strings, and true/false", async () => {
    sim.answers.wxlist = () => ({
      errno: "0",
      data: {
        uk: "123", shareid: "456", seckey: "a-b_c~", has_more: "0",
        list: [
          { fs_id: "77", server_filename: "d", path: "/d", isdir: true, size: "0", category: "6", server_ctime: "1", server_mtime: "2", md5: "ignored" },
          { fs_id: 78, server_filename: "f", path: "/f", isdir: false, size: "9", category: 1, server_ctime: 3, server_mtime: 4 },
        ],
      },
    });
    const { status, body } = await postList(app, { surl: "1Strings", dir: "/" });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      uk: 123, shareid: 456, randsk: "a+b/c=",
      list: [
        { fs_id: "77", server_filename: "d", path: "/d", isdir: 1, size: 0, md5: "", category: 6, server_ctime: 1, server_mtime: 2 },
        { fs_id: "78", server_filename: "f", path: "/f", isdir: 0, size: 9, md5: "", category: 1, server_ctime: 3, server_mtime: 4 },
      ],
    });
  });
});
