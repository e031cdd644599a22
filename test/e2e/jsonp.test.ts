/** JSONP (docs/decisions.md (/v1)): validated callback, body form, content type, status 200 on errors. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInNewContext } from "node:vm";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ config: { rateLimit: { points: 100_000, duration: 60 } } });
});
afterAll(() => t.close());

/** Runs a JSONP body the way a browser would, returning the envelope the callback received. */
function runJsonp(body: string, name: string): any {
  let received: unknown;
  const sandbox: Record<string, unknown> = {};
  const path = name.split(".");
  let node = sandbox;
  for (const part of path.slice(0, -1)) node = (node[part] = {}) as Record<string, unknown>;
  node[path.at(-1)!] = (envelope: unknown) => (received = envelope);
  runInNewContext(body, sandbox);
  return received;
}

describe("JSONP", () => {
  it("wraps the envelope: empty comment, type check, call", async () => {
    const r = await t.get(v1("song", { source: "source_a", id: "1", callback: "handle" }));
    const body = await r.text();
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(body.startsWith("/**/ typeof handle === 'function' && handle({")).toBe(true);
    expect(body.endsWith("});")).toBe(true);
    expect(runJsonp(body, "handle")).toMatchObject({ code: 0, message: "ok", source: "source_a", data: { id: "1" } });
  });

  it("answers errors with HTTP 200 and the code in the envelope", async () => {
    const r = await t.get(v1("song", { source: "source_a", id: "404", callback: "cb1" }));
    expect(r.status).toBe(200);
    expect(runJsonp(await r.text(), "cb1")).toMatchObject({ code: 3001, data: null });
    const bad = await t.get(v1("search", { source: "source_a", q: "x".repeat(81), callback: "cb1" }));
    expect(bad.status).toBe(200);
    expect(runJsonp(await bad.text(), "cb1")).toMatchObject({ code: 1001 });
  });

  it("accepts four dot-separated identifiers and refuses five without echoing them", async () => {
    const four = await t.get(v1("source", { callback: "a.b.c.$d" }));
    expect(four.status).toBe(200);
    expect(runJsonp(await four.text(), "a.b.c.$d")).toMatchObject({ code: 0 });
    const five = await t.get(v1("source", { callback: "a.b.c.d.e" }));
    expect(five.status).toBe(400);
    expect(five.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await five.text();
    expect(JSON.parse(body)).toMatchObject({ code: 1001, data: null });
    expect(body).not.toContain("a.b.c.d.e");
  });

  it("refuses a callback with a bad character, never echoing it", async () => {
    for (const name of ["alert(1)//", "a-b", "1abc", "a..b", "</script>", "a b"]) {
      const r = await t.get(v1("source", { callback: name }));
      const body = await r.text();
      expect(r.status, name).toBe(400);
      expect(JSON.parse(body).code).toBe(1001);
      expect(JSON.parse(body).message).toContain("callback");
      expect(body).not.toContain(name);
    }
  });

  it("takes cb as an alias of callback", async () => {
    const r = await t.get(v1("song", { source: "source_a", id: "1", cb: "viaCb" }));
    expect(r.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(runJsonp(await r.text(), "viaCb")).toMatchObject({ code: 0 });
    const bad = await t.get(v1("song", { source: "source_a", id: "1", cb: "no way" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("cb");
  });

  it("on playlist validates callback by the same pattern and does not take cb", async () => {
    const good = await t.get(v1("playlist", { source: "source_a", id: "900", callback: "pl.done" }));
    expect(runJsonp(await good.text(), "pl.done")).toMatchObject({ code: 0, data: { id: "900" } });
    const bad = await t.get(v1("playlist", { source: "source_a", id: "900", callback: "x;alert(1)" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain("alert");
    const cb = await t.get(v1("playlist", { source: "source_a", id: "900", cb: "ignored" }));
    expect(cb.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await cb.json()).code).toBe(0);
  });

  it("escapes U+2028 and U+2029 inside the script", async () => {
    const r = await t.get(v1("song", { source: "source_a", id: "6", callback: "h" }));
    const body = await r.text();
    expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(body).toContain("\\u2028");
    expect(runJsonp(body, "h").data.name).toBe("Voyager \u2028 line");
  });

  it("never sends CORS headers", async () => {
    for (const path of [v1("song", { source: "source_a", id: "1" }), v1("song", { source: "source_a", id: "1", callback: "x" }), "/v1/nope"]) {
      const r = await t.get(path, { headers: { origin: "https://evil.example" } });
      for (const [name] of r.headers) expect(name.startsWith("access-control-")).toBe(false);
    }
  });
});
