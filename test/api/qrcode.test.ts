/**
 * `/api/v1/qrcode`: signed with HMAC-SHA256 of data (checked against an independent HMAC),
 * size bounds, data length, an SVG that parses as XML, its headers, and the generated secret.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it, onTestFinished } from "vitest";
import { qrSign } from "../../server/engine/share/qr-code.ts";
import type { TestApp } from "../support/app.ts";
import type { ShareHostSimulator } from "../../plugins/share-baidu/test/simulator.ts";
import { TEST_SECRET, corsHeaders, qrPath, startShareApp, useShareApp } from "./helpers.ts";
import { parseXml } from "./xml.ts";

let sim: ShareHostSimulator;
let app: TestApp;

useShareApp((started) => ({ sim, app } = started));

const error = (code: number, message: string) => ({ code, message, data: null });
const sizeError = error(400, "size must be an integer from 10 to 500");

describe("GET /api/v1/qrcode", () => {
  it("the sign is the lowercase hex HMAC-SHA256 of data", () => {
    const data = "https://example.org/?a=1&b=二";
    expect(qrSign(TEST_SECRET, data)).toBe(createHmac("sha256", TEST_SECRET).update(data, "utf8").digest("hex"));
    expect(qrSign(TEST_SECRET, data)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("draws a well-formed SVG of the requested size for a good sign", async () => {
    const response = await app.get(qrPath("https://example.org/share?x=<1>&y=\"2\"", 200));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(corsHeaders(response.headers)).toEqual([]);
    const root = parseXml(await response.text());
    expect(root.name).toBe("svg");
    expect(root.attributes).toMatchObject({ xmlns: "http://www.w3.org/2000/svg", width: "200", height: "200" });
    expect(root.attributes.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(root.children.map((c) => c.name)).toEqual(["path", "path"]);
  });

  it("different data draws a different code", async () => {
    const a = await (await app.get(qrPath("alpha", 100))).text();
    const b = await (await app.get(qrPath("bravo", 100))).text();
    expect(a).not.toBe(b);
  });

  it.each([
    [9, 400],
    [10, 200],
    [500, 200],
    [501, 400],
  ])("size %i → %i", async (size, status) => {
    const response = await app.get(qrPath("bounds", size));
    expect(response.status).toBe(status);
    if (status === 200) expect(parseXml(await response.text()).attributes.width).toBe(String(size));
    else expect(await response.json()).toEqual(sizeError);
  });

  it.each(["abc", "1e2", "-10", "10.5", "0x20", " 100", "00000100"])("size %j → 400", async (size) => {
    const response = await app.get(qrPath("bounds", size));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(sizeError);
  });

  it("an empty size counts as absent: 400, size is required", async () => {
    const response = await app.get(qrPath("bounds", ""));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 400, message: "size is required", data: null });
  });

  it("data of 1024 characters is drawn, 1025 is 400", async () => {
    const ok = await app.get(qrPath("a".repeat(1024), 300));
    expect(ok.status).toBe(200);
    parseXml(await ok.text());
    const long = await app.get(qrPath("a".repeat(1025), 300));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual(error(400, "data must be at most 1024 characters"));
  });

  it("1024 characters that do not fit in a QR code are 400, not 500", async () => {
    const response = await app.get(qrPath("码".repeat(1024), 300));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(error(400, "data is too long to fit in a QR code"));
  });

  it("a wrong sign is 403", async () => {
    const good = qrSign(TEST_SECRET, "hello");
    const flipped = (good[0] === "0" ? "1" : "0") + good.slice(1);
    for (const sign of [flipped, qrSign(TEST_SECRET, "hello "), qrSign("another-secret", "hello"), good.slice(0, 63), `${good}0`, "x"]) {
      const response = await app.get(qrPath("hello", 100, sign));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(error(403, "sign does not match data"));
    }
    // The spec's lowercase hex is canonical; the same digits in uppercase are the same sign.
    expect((await app.get(qrPath("hello", 100, good.toUpperCase()))).status).toBe(200);
  });

  it("missing parameters are 400 naming them", async () => {
    const sign = qrSign(TEST_SECRET, "hello");
    const cases: [string, string][] = [
      [`/api/v1/qrcode?data=hello&sign=${sign}`, "size is required"],
      [`/api/v1/qrcode?size=100&sign=${sign}`, "data is required"],
      [`/api/v1/qrcode?size=100&data=&sign=${sign}`, "data is required"],
      ["/api/v1/qrcode?size=100&data=hello", "sign is required"],
    ];
    for (const [path, message] of cases) {
      const response = await app.get(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(error(400, message));
    }
  });

  it("POST is 405", async () => {
    const response = await app.get(qrPath("hello", 100), { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("without a configured secret, makes one, says so once, and refuses signs of any other secret", async () => {
    const generated = await startShareApp(sim.url, { qrSecret: undefined });
    onTestFinished(() => generated.close());
    expect(generated.logs.filter((line) => line.startsWith("info") && /signed with a secret generated for this run/.test(line))).toHaveLength(1);
    expect((await generated.get(qrPath("hello", 100))).status).toBe(403);
    expect(sim.totalCalls()).toBe(0);
  });
});
