/** `npm run qr:sign -- <data>` prints the sign the service accepts, with the configured secret. */
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const TSX = join(ROOT, "node_modules/.bin/tsx");
const CLI = join(ROOT, "server/process/sign-cli.ts");
const dir = mkdtempSync(join(tmpdir(), "qr-sign-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}, cwd = dir): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "QR_SIGN_SECRET" && k !== "MUSIC_CONFIG"));
  return new Promise((done) => {
    // Run from another folder, tsx is told where the project's tsconfig (its `paths` to the kit) is.
    execFile(TSX, [CLI, ...args], { cwd, env: { ...base, TSX_TSCONFIG_PATH: join(ROOT, "tsconfig.json"), ...env } }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const hmac = (secret: string, data: string) => createHmac("sha256", secret).update(data, "utf8").digest("hex");

describe("qr:sign", () => {
  it("prints the HMAC of data with QR_SIGN_SECRET", async () => {
    const result = await run(["https://example.org/a b?c=二"], { QR_SIGN_SECRET: "env-secret-456" });
    expect(result).toEqual({ code: 0, stdout: `${hmac("env-secret-456", "https://example.org/a b?c=二")}\n`, stderr: "" });
  });

  it("uses share.qrSecret of the config file", async () => {
    const configDir = mkdtempSync(join(dir, "cfg-"));
    writeFileSync(join(configDir, "music.config.json"), JSON.stringify({ share: { qrSecret: "file-secret-789" } }));
    const result = await run(["hello"], {}, configDir);
    expect(result.stdout).toBe(`${hmac("file-secret-789", "hello")}\n`);
  });

  it("refuses without a secret (exit 1) and without exactly one argument (exit 2)", async () => {
    const none = await run(["hello"]);
    expect(none.code).toBe(1);
    expect(none.stdout).toBe("");
    expect(none.stderr).toMatch(/no QR secret configured/);
    const usage = await run([], { QR_SIGN_SECRET: "env-secret-456" });
    expect([usage.code, usage.stdout]).toEqual([2, ""]);
    expect(usage.stderr).toMatch(/^usage: npm run qr:sign -- <data>/);
  });
});
