/**
 * The fast path's kept answers are bounded by what they really cost: a song answer's body, its
 * target and its objects. Kept answers were once counted by their body and target alone (plus
 * 256 B), and their bodies were slices of Buffer.from's shared slabs: 20,000 song answers then
 * cost about 3.2 KB each against the 0.75 KB counted.
 */
import { describe, expect, it } from "vitest";
import { ownBuffer, RenderedAnswers } from "../../server/request/v1/rendered-answers.ts";
import { v1Policy } from "../../server/request/v1/routes.ts";
import { collectGarbage } from "../reliability/support.ts";

const BOUND = 8 * 1024 * 1024;

function songAnswer(i: number): string {
  const data = { source: "source_a", id: `z${i}`, name: `Song number ${i}`, artist: ["The Examples"], album: "First Pressing", albumId: "10", duration: 200, cover: `https://img.example.org/covers/${i}/600x600bb.jpg`, available: true, vip: false, quality: [], publishAt: null };
  return JSON.stringify({ code: 0, message: "ok", data, source: "source_a", cost: 0 });
}

describe("kept answers", () => {
  it("cost no more memory than their bound counts", () => {
    const answers = new RenderedAnswers(BOUND);
    const policy = v1Policy();
    const keptBefore = (() => (collectGarbage(), process.memoryUsage()))();
    const now = Date.now();
    for (let i = 0; i < 20_000; i++) {
      const text = songAnswer(i);
      // as a miss does: the answer sent, its bytes, other short Buffers beside the kept one
      const sent = Buffer.from(text);
      answers.remember(`/v1/song?origin=blog-player&source=source_a&id=z${i}`, {
        status: 200,
        headerPairs: ["content-type", "application/json; charset=utf-8", "x-content-type-options", "nosniff", "x-cache", "HIT"],
        body: ownBuffer(text),
        expiresAt: now + 3_600_000,
        freshness: { kind: "entry", expiresAt: now + 3_600_000, staleSeconds: 86_400 },
        etag: `W/"${i.toString(36).padStart(22, "0")}"`,
        source: "source_a",
        origin: "blog-player",
        path: "/v1/song",
        route: "/v1/song",
        policy,
      });
      Buffer.from(sent.toString("latin1"));
    }
    collectGarbage();
    const after = process.memoryUsage();
    const spent = after.heapUsed - keptBefore.heapUsed + (after.external - keptBefore.external);
    // the newest answers are kept, and the oldest gone: the bound was reached
    expect(answers.get("/v1/song?origin=blog-player&source=source_a&id=z19999", now)).toBeDefined();
    expect(answers.get("/v1/song?origin=blog-player&source=source_a&id=z0", now)).toBeUndefined();
    expect(spent).toBeLessThan(BOUND * 1.2);
    expect(spent).toBeGreaterThan(BOUND * 0.5);
  });
});
