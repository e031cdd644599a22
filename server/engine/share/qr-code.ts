/**
 * Signed QR codes (docs/decisions.md (/api)): the sign is the lowercase hex HMAC-SHA256 of the exact `data`
 * string keyed by the configured secret, compared in constant time; the image is an SVG drawn
 * by the `qrcode` package.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";
import { InputError } from "@music-aggregator/core";
import type { Logger } from "../logger.ts";

export const QR_MIN_SIZE = 10;
export const QR_MAX_SIZE = 500;
/** characters (code points) of `data` */
export const QR_MAX_DATA = 1024;

/** The sign of `data` under `secret`. */
export function qrSign(secret: string, data: string): string {
  return createHmac("sha256", secret).update(data, "utf8").digest("hex");
}

export class QrCodeService {
  constructor(private readonly secret: string) {}

  /** Whether `sign` is the sign of `data`; the comparison time does not depend on where they differ. */
  verify(data: string, sign: string): boolean {
    const expected = Buffer.from(qrSign(this.secret, data), "utf8");
    const given = Buffer.from(sign.toLowerCase(), "utf8");
    // Lengths are public (64 hex digits); only equal-length buffers are compared.
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The SVG document; `InputError` when `data` does not fit in the largest QR code. */
  async svg(data: string, size: number): Promise<string> {
    let svg: string;
    try {
      svg = await QRCode.toString(data, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
    } catch (error) {
      throw new InputError("data is too long to fit in a QR code");
    }
    // The package drops a `width` below 21 px; the drawing is vector, so the size is set here.
    if (!svg.startsWith("<svg ")) throw new Error("unexpected SVG from the qrcode package");
    return `<svg width="${size}" height="${size}" ${svg.slice(5)}`;
  }
}

/**
 * The configured secret, or one generated for this run: a plain start needs none, and the
 * operator is told once, at start, what that means and what to do to keep signs (a fact in
 * force, not a warning).
 */
export function resolveQrSecret(configured: string | undefined, log: Logger): string {
  if (configured) return configured;
  log.info("share: QR codes are signed with a secret generated for this run, so signs made now stop working when it restarts; set share.qrSecret (or QR_SIGN_SECRET) to keep them");
  return randomBytes(32).toString("hex");
}
