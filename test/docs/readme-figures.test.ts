/**
 * README's figures of what the service serves are what it serves: the sizes it quotes of
 * `/openapi.json`, plain and compressed, are measured on the demo's document as it goes over
 * the wire (within 15 %, so that a field added does not make them wrong, while a document
 * grown by half does).
 */
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { useDemoApp } from "../support/demo-app.ts";
import { PROJECT_ROOT } from "../support/main-process.ts";

const demo = useDemoApp();

/** The bytes of `/openapi.json` on the wire with that Accept-Encoding (node:http decodes nothing). */
const wireSize = (encoding: string) =>
  new Promise<number>((resolve, reject) => {
    get(`${demo.app.url}/openapi.json`, { headers: { "accept-encoding": encoding, "user-agent": TEST_UA } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
    }).on("error", reject);
  });

describe("README's figures", () => {
  it("the sizes of /openapi.json, plain, with gzip and with brotli, are the served ones", async () => {
    const readme = readFileSync(`${PROJECT_ROOT}/README.md`, "utf8");
    const quoted = /`\/openapi\.json` \((\d+) KB; (\d+) KB with gzip, (\d+) KB with brotli/.exec(readme);
    expect(quoted, "README quotes the sizes of /openapi.json").not.toBeNull();
    const [plain, gzip, brotli] = quoted!.slice(1).map((kb) => Number(kb) * 1000);
    const measured = { plain: await wireSize("identity"), gzip: await wireSize("gzip"), brotli: await wireSize("br") };
    for (const [name, size] of [["plain", plain], ["gzip", gzip], ["brotli", brotli]] as const) {
      expect(Math.abs(measured[name] - size) / measured[name], `${name}: README says ${size / 1000} KB, served ${measured[name]} bytes`).toBeLessThan(0.15);
    }
  });
});
