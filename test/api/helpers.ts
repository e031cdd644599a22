/**
 * Shared set-up of the share tests: the real app with the `baidu` plugin pointed at the
 * share-host simulator, and small request helpers.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { AppConfigInput } from "../../server/engine/config.ts";
import { qrSign } from "../../server/engine/share/qr-code.ts";
import shareBaiduDefinition from "../../plugins/share-baidu/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { startShareHost, type ShareHostSimulator } from "../../plugins/share-baidu/test/simulator.ts";

export const TEST_SECRET = "test-secret-123";

type ShareConfig = Partial<NonNullable<AppConfigInput["share"]>>;

export function startShareApp(simUrl: string, share: ShareConfig = {}, config: AppConfigInput = {}): Promise<TestApp> {
  return startTestApp({
    plugins: [shareBaiduDefinition],
    config: {
      sources: {},
      rateLimit: { points: 10_000, duration: 60 },
      ...config,
      share: { qrSecret: TEST_SECRET, ...share, options: { baseURL: simUrl, ...share.options } },
    },
  });
}

/** Starts the share-host simulator once for the file and closes it after; `bind` hands it to the file's variable. */
export function useShareHost(bind: (sim: ShareHostSimulator) => void): void {
  let sim: ShareHostSimulator | undefined;
  beforeAll(async () => {
    sim = await startShareHost();
    bind(sim);
  });
  afterAll(() => sim?.close());
}

/**
 * The simulator and the app in front of it, started once for the file (app closed first).
 * `bind` hands both to the file's own variables, so its tests read `sim` and `app` as before.
 * `resetEach` clears the simulator's counters before each test; files that count the host's
 * calls over the whole file leave it off.
 */
export function useShareApp(
  bind: (started: { sim: ShareHostSimulator; app: TestApp }) => void,
  options: { share?: ShareConfig; config?: AppConfigInput; resetEach?: boolean } = {},
): void {
  let sim: ShareHostSimulator | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    sim = await startShareHost();
    app = await startShareApp(sim.url, options.share, options.config);
    bind({ sim, app });
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });
  if (options.resetEach) beforeEach(() => sim?.reset());
}

/** POSTs a listing request and parses the answer. */
export async function postList(app: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.get("/api/v0/list", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

export function qrPath(data: string, size: number | string, sign = qrSign(TEST_SECRET, data)): string {
  return `/api/v1/qrcode?${new URLSearchParams({ size: String(size), data, sign })}`;
}

/** No answer of the service may carry a CORS header. */
export function corsHeaders(headers: Headers): string[] {
  return [...headers.keys()].filter((name) => name.startsWith("access-control-"));
}
