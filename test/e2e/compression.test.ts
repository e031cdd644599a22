/**
 * Answers of 1 KB or more go out compressed when the client accepts it: gzip, or brotli when
 * it weighs at least as much; the decoded bytes are exactly the plain answer. The docs, the
 * OpenAPI document, the playground, the assets and large `/v1` answers (JSON and JSONP, by h3
 * and by the hot path of cached answers); a cached answer is compressed once, not per hit;
 * small answers and HEAD are sent as they are.
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncoding, compressions } from "../../server/request/compression.ts";
import { TEST_UA } from "../support/app.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes on the wire */
  bytes: Buffer;
  /** decoded as Content-Encoding says */
  decoded: Buffer;
}

describe("compressed answers", () => {
  let t: FakeApp;
  beforeAll(async () => {
    t = await startFakeApp({ config: { rateLimit: { points: 1000, duration: 60 } } });
  });
  afterAll(() => t.close());

  const get = (path: string, acceptEncoding?: string, method = "GET") =>
    new Promise<Raw>((resolve, reject) => {
      const headers: Record<string, string> = { "user-agent": TEST_UA };
      if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
      const req = request(`${t.url}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const decoded = encoding === "gzip" ? gunzipSync(bytes) : encoding === "br" ? brotliDecompressSync(bytes) : bytes;
          resolve({ status: res.statusCode!, headers: res.headers, bytes, decoded });
        });
      });
      req.on("error", reject);
      req.end();
    });

  it("the pages, the OpenAPI document and the assets: gzip and brotli decode to the plain bytes", async () => {
    // /docs is under 1 KB (Redoc's bundle carries the weight): sent as it is.
    const docs = await get("/docs", "gzip, br");
    expect([docs.headers["content-encoding"], docs.bytes.length < 1024]).toEqual([undefined, true]);
    for (const path of ["/", "/openapi.json", "/playground", "/assets/redoc.standalone.js", "/assets/playground.css", "/assets/playground.js"]) {
      const plain = await get(path);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.bytes.length).toBeGreaterThanOrEqual(1024);
      expect(plain.headers.vary).toBe("accept-encoding");
      for (const encoding of ["gzip", "br"]) {
        const packed = await get(path, encoding === "br" ? "gzip, deflate, br" : "gzip");
        expect([path, packed.status, packed.headers["content-encoding"], packed.headers.vary]).toEqual([path, 200, encoding, "accept-encoding"]);
        // Less than half, but for the landing page, too short to shrink as much.
        expect(packed.bytes.length).toBeLessThan(plain.bytes.length * (path === "/" ? 0.7 : 0.5));
        expect(Number(packed.headers["content-length"])).toBe(packed.bytes.length);
        if (path === "/") expect(packed.decoded.toString()).toContain("running normally"); // its uptime moves between requests
        else expect(packed.decoded.equals(plain.bytes)).toBe(true);
      }
    }
  });

  it("a page's body is compressed once, however often it is asked for", async () => {
    await get("/openapi.json", "br");
    const before = compressions.br;
    for (let i = 0; i < 3; i++) await get("/openapi.json", "br");
    expect(compressions.br).toBe(before);
  });

  it("a large cached /v1 answer, JSON and JSONP: compressed once, by h3 and by the hot path alike", async () => {
    // JSON: a miss (compressed for itself alone), then a hit by h3 that keeps the answer.
    const json = v1("album", { source: "source_a", id: "500" });
    const miss = await get(json, "gzip");
    expect([miss.headers["x-cache"], miss.headers["content-encoding"]]).toEqual(["MISS", "gzip"]);
    const plain = await get(json);
    expect([plain.headers["x-cache"], plain.headers["content-encoding"], plain.headers.vary]).toEqual(["HIT", undefined, "accept-encoding"]);
    expect(plain.bytes.length).toBeGreaterThanOrEqual(1024);
    // the miss says what the upstream cost; the rest is the same bytes
    expect(miss.decoded.toString().replace(/"cost":\d+/, '"cost":0')).toBe(plain.bytes.toString());
    // JSONP of the same cached answer: a hit by h3 that keeps it, and makes its gzip form.
    const jsonp = v1("album", { source: "source_a", id: "500", callback: "show" });
    const firstJsonp = await get(jsonp, "gzip");
    expect([firstJsonp.headers["x-cache"], firstJsonp.headers["content-encoding"]]).toEqual(["HIT", "gzip"]);
    const plainJsonp = await get(jsonp);
    expect(firstJsonp.decoded.equals(plainJsonp.bytes)).toBe(true);
    expect(plainJsonp.bytes.toString()).toMatch(/^\/\*\*\/ typeof show === 'function' && show\(/);

    for (const [path, body, made] of [[json, plain.bytes, [1, 1]], [jsonp, plainJsonp.bytes, [0, 1]]] as const) {
      const before = { ...compressions };
      for (const encoding of ["gzip", "br", "gzip", "br", "gzip"]) {
        const packed = await get(path, encoding); // hits before h3
        expect([packed.headers["x-cache"], packed.headers["content-encoding"], packed.headers.vary]).toEqual(["HIT", encoding, "accept-encoding"]);
        expect(packed.decoded.equals(body)).toBe(true);
        expect(Number(packed.headers["content-length"])).toBe(packed.bytes.length);
      }
      // each form made by the first hit that asked for it (JSONP's gzip by h3 above); the others found it made
      expect([compressions.gzip - before.gzip, compressions.br - before.br]).toEqual(made);
    }
    expect(t.sims.source_a.calls.get("GET /albums/:id")).toBe(1);
  });

  it("small answers, HEAD and clients that accept no coding get the plain bytes", async () => {
    const small = await get(v1("song", { source: "source_a", id: "1" }), "gzip, br");
    expect(small.bytes.length).toBeLessThan(1024);
    expect([small.headers["content-encoding"], small.headers.vary]).toEqual([undefined, undefined]);
    const album = v1("album", { source: "source_a", id: "500" });
    const head = await get(album, "gzip, br", "HEAD");
    expect([head.headers["content-encoding"], head.bytes.length, Number(head.headers["content-length"]) >= 1024]).toEqual([undefined, 0, true]);
    for (const refused of ["identity", "gzip;q=0, br;q=0", "*;q=0", "deflate"]) {
      expect((await get(album, refused)).headers["content-encoding"]).toBeUndefined();
    }
  });
});

describe("HEAD carries the Vary of GET", () => {
  let t: FakeApp;
  beforeAll(async () => {
    t = await startFakeApp({ config: { rateLimit: { points: 1000, duration: 60 } } });
  });
  afterAll(() => t.close());

  const head = async (path: string, method = "HEAD") => {
    const response = await t.get(path, { method, headers: { "accept-encoding": "gzip, br" } });
    await response.arrayBuffer();
    return { status: response.status, vary: response.headers.get("vary"), cache: response.headers.get("x-cache"), length: response.headers.get("content-length") };
  };

  it("pages and the OpenAPI document, made by h3", async () => {
    for (const path of ["/", "/openapi.json", "/playground"]) {
      const [get, asked] = [await head(path, "GET"), await head(path)];
      expect([path, get.vary, asked.status, asked.vary]).toEqual([path, "accept-encoding", 200, "accept-encoding"]);
      expect(Number(asked.length)).toBeGreaterThanOrEqual(1024);
    }
  });

  it("a large /v1 answer: fresh, cached by h3 and cached before h3", async () => {
    const album = v1("album", { source: "source_a", id: "500" });
    const answers = [await head(album), await head(album), await head(album), await head(album, "GET")];
    expect(answers.map((a) => [a.status, a.cache, a.vary])).toEqual([
      [200, "MISS", "accept-encoding"],
      [200, "HIT", "accept-encoding"],
      [200, "HIT", "accept-encoding"],
      [200, "HIT", "accept-encoding"],
    ]);
    // the third HEAD came before h3 (the second, by h3, kept the answer's rendered bytes)
    expect(t.service.front.kept!.has(album)).toBe(true);
    // a small answer has no Vary either way
    const song = v1("song", { source: "source_a", id: "1" });
    expect([(await head(song)).vary, (await head(song, "GET")).vary]).toEqual([null, null]);
  });
});

describe("Accept-Encoding", () => {
  it("brotli when it weighs at least as much as gzip; q=0 refuses; * speaks for the codings not named", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(acceptedEncoding("gzip;q=0, br")).toBe("br");
    expect(acceptedEncoding("BR;Q=1, GZIP;Q=1")).toBe("br");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("gzip;q=0, *")).toBe("br");
    expect(acceptedEncoding("br;q=0, *;q=0.1")).toBe("gzip");
    expect(acceptedEncoding("x-gzip")).toBe("gzip");
    for (const none of ["", "identity", "deflate", "*;q=0", "gzip;q=0", "gzip;q=nope"]) expect(acceptedEncoding(none)).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
