/**
 * What the `/api` endpoints accept, as zod schemas: they validate requests and drive the
 * the OpenAPI document. Every message names the field.
 */
import { z } from "zod";
import { QR_MAX_DATA, QR_MAX_SIZE, QR_MIN_SIZE } from "../../engine/share/qr-code.ts";

const required = (name: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`),
});

export const ListBody = z.object({
  surl: z
    .string(required("surl"))
    .min(1, "surl is required")
    .max(2048, "surl must be at most 2048 characters")
    .describe("share link on pan.baidu.com or yun.baidu.com (/s/1xxxx or /share/init?surl=xxxx, may carry ?pwd=), or a bare short code"),
  dir: z
    .string(required("dir"))
    .max(1024, "dir must be at most 1024 characters")
    .refine((dir) => dir === "" || dir.startsWith("/"), "dir must be / or a path starting with /")
    .refine((dir) => !/[\u0000-\u001f\u007f]/.test(dir), "dir must not contain control characters")
    // The refinements above, as JSON Schema says them (OpenAPI).
    .meta({ pattern: "^(/[^\\u0000-\\u001f\\u007f]*)?$" })
    .describe("directory: / for the share's root, or the path of a folder entry of an earlier listing"),
  pwd: z
    .string("pwd must be a string")
    .regex(/^([A-Za-z0-9]{4})?$/, "pwd must be 4 letters or digits")
    .optional()
    .describe("extract code, 4 letters or digits (may also come in the link as ?pwd=)"),
});
export type ListBody = z.infer<typeof ListBody>;

const sizeMessage = `size must be an integer from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}`;

export const QrQuery = z.object({
  size: z
    .string(required("size"))
    .regex(/^\d{1,4}$/, sizeMessage)
    .transform(Number)
    .pipe(z.number().min(QR_MIN_SIZE, sizeMessage).max(QR_MAX_SIZE, sizeMessage))
    .describe(`width and height in pixels, ${QR_MIN_SIZE} to ${QR_MAX_SIZE}`),
  data: z
    .string(required("data"))
    .min(1, "data is required")
    .refine((data) => [...data].length <= QR_MAX_DATA, `data must be at most ${QR_MAX_DATA} characters`)
    .meta({ maxLength: QR_MAX_DATA })
    .describe(`the content of the code, at most ${QR_MAX_DATA} characters`),
  sign: z
    .string(required("sign"))
    .min(1, "sign is required")
    .max(128, "sign is not valid")
    .describe("lowercase hex HMAC-SHA256 of data with the service's secret (npm run qr:sign -- <data>)"),
});

export const NoInput = z.object({});

/** The `/api` endpoints as the OpenAPI document describes them. */
export const API_ENDPOINTS = [
  {
    method: "POST",
    path: "/api/v0/list",
    summary: "Lists one directory of a shared link. JSON body (application/json, at most 16 KiB).",
    input: "JSON body",
    schema: ListBody,
    returns: "{code:200, message, data:{uk, shareid, randsk, list:[{fs_id, server_filename, path, isdir, size, md5, category, server_ctime, server_mtime}]}}",
  },
  {
    method: "GET",
    path: "/api/v0/limit",
    summary: "The service's own traffic statistics; the snapshot is at most 5 minutes old.",
    input: "nothing",
    schema: NoInput,
    returns: "{code:200, message, data:{today, total, since, generatedAt}}; today/total: {requests, list, qrcode, failed, files}",
  },
  {
    method: "GET",
    path: "/api/v1/qrcode",
    summary: "A QR code of data as an SVG image; needs the sign of data.",
    input: "query",
    schema: QrQuery,
    returns: "image/svg+xml",
  },
] as const;
