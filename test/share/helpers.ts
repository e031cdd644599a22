/**
 * Shared set-up of the share tests: the real app with the `baidu` plugin pointed at the
 * share-host simulator, and small request helpers.
 */
import type { AppConfigInput } from "../../core/config.ts";
import { qrSign } from "../../core/share/qr-code.ts";
import shareBaiduDefinition from "../../plugins/share-baidu/index.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

export const TEST_SECRET = "test-secret-123";

export function startShareApp(simUrl: string, share: Partial<NonNullable<AppConfigInput["share"]>> = {}, config: AppConfigInput = {}): Promise<TestApp> {
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
