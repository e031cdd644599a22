/** Every spelling of one directory is one listing: one cache entry, one upstream listing. */
import { describe, expect, it } from "vitest";
import { normaliseDir } from "../../server/engine/share/share-service.ts";
import type { ShareHostSimulator } from "../../plugins/share-baidu/test/simulator.ts";
import type { TestApp } from "../support/app.ts";
import { postList, useShareApp } from "./helpers.ts";

describe("normaliseDir", () => {
  it.each([
    ["", "/"],
    ["/", "/"],
    ["//", "/"],
    ["/.", "/"],
    ["/..", "/"],
    ["/../..", "/"],
    ["/Music", "/Music"],
    ["/Music/", "/Music"],
    ["/Music/.", "/Music"],
    ["/Music/./.", "/Music"],
    ["//Music//", "/Music"],
    ["/a/../Music", "/Music"],
    ["/Music/Live/..", "/Music"],
    ["/Music/...", "/Music/..."],
    ["/My Songs/日本", "/My Songs/日本"],
  ])("%j → %j", (dir, normal) => {
    expect(normaliseDir(dir)).toBe(normal);
  });

  it("refuses a relative path", () => {
    expect(() => normaliseDir("Music")).toThrow("dir must be / or a path starting with /");
  });
});

describe("POST /api/v0/list with spellings of one directory", () => {
  let sim: ShareHostSimulator;
  let app: TestApp;
  useShareApp((started) => ({ sim, app } = started));

  it("lists the directory once and answers every spelling from that listing", async () => {
    const spellings = ["/Music", "/Music/", "/Music/.", "/Music/./.", "//Music", "/x/../Music", "/Music/Live/.."];
    const answers: Awaited<ReturnType<typeof postList>>[] = [];
    for (const dir of spellings) answers.push(await postList(app, { surl: "1OpenShare", dir }));
    expect(answers.map((a) => a.status)).toEqual(spellings.map(() => 200));
    // A listing (cached here for listTtl) is never offered to shared HTTP caches.
    expect(answers.map((a) => [a.headers.get("cache-control"), a.headers.get("etag")])).toEqual(spellings.map(() => ["no-store", null]));
    expect(answers.every((a) => JSON.stringify(a.body.data) === JSON.stringify(answers[0].body.data))).toBe(true);
    expect(answers[0].body.data.list.map((f: { server_filename: string }) => f.server_filename)).toEqual(["a.flac", "b.flac"]);
    expect(sim.received.wxlist.map((call) => call.form.get("dir"))).toEqual(["/Music"]);
  });
});
