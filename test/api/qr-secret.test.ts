/**
 * A plain start (no `share.qrSecret`, no `QR_SIGN_SECRET`) needs no secret: the share API signs
 * with one generated for the run, and the start says so once, as a fact with what to do to keep
 * signs, not as a warning. A configured secret is used as it is, and nothing is said.
 */
import { describe, expect, it } from "vitest";
import { qrSign } from "../../server/engine/share/qr-code.ts";
import { startTestApp } from "../support/app.ts";

describe("the QR sign secret", () => {
  it("a plain start generates one, says once that it rotates and what keeps it, and warns of nothing", async () => {
    const t = await startTestApp({ config: { sources: {}, lyrics: false } });
    try {
      const said = t.logs.filter((line) => /qrSecret|QR_SIGN_SECRET|QR codes/.test(line));
      expect(said).toEqual([
        "info [music:share] share: QR codes are signed with a secret generated for this run, so signs made now stop working when it restarts; set share.qrSecret (or QR_SIGN_SECRET) to keep them",
      ]);
      expect(t.logs.filter((line) => line.startsWith("warn"))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("a configured one is used, and nothing is said of it", async () => {
    const t = await startTestApp({ config: { sources: {}, lyrics: false, share: { qrSecret: "configured-secret-1" } } });
    try {
      expect(t.logs.filter((line) => /qrSecret|QR codes/.test(line))).toEqual([]);
      const answer = await t.get(`/api/v1/qrcode?${new URLSearchParams({ size: "100", data: "hi", sign: qrSign("configured-secret-1", "hi") })}`);
      expect(answer.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
