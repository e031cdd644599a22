/**
 * Compressed answers: a body of 1 KB or more of a text type (JSON, JavaScript, HTML, CSS, SVG)
 * goes out with brotli or gzip when the client accepts it (brotli preferred at equal weight),
 * and with `Vary: Accept-Encoding` either way. A body that does not change (a cached `/v1`
 * answer, a page, an asset, the OpenAPI document) keeps its compressed forms
 * (`CompressedForms`): it is compressed once, not on every request. Compression runs on
 * libuv's thread pool, never on the event loop. HEAD answers are never compressed.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip";

/** Smaller bodies are sent as they are: a compressed form would save less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** Content types worth compressing. */
export const COMPRESSIBLE = /json|javascript|^text\/|svg\+xml|xml/;

/** Compressions made since the process started, by encoding (a metric; and a check that a kept form is made once). */
export const compressions: Record<Encoding, number> = { br: 0, gzip: 0 };

/** What to send for an `Accept-Encoding` header: brotli when it weighs at least as much as gzip, else gzip, else nothing. */
export function acceptedEncoding(header: string | null | undefined): Encoding | undefined {
  if (!header) return undefined;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight)) continue;
    if (name === "br") br = weight;
    else if (name === "gzip" || name === "x-gzip") gz = weight;
    else if (name === "*") any = weight;
  }
  // `*` speaks for the codings not named.
  br ??= any ?? 0;
  gz ??= any ?? 0;
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : undefined;
}

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  compressions[encoding]++;
  return encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipped(body, { level: GZIP_LEVEL });
}

/** The compressed forms of one body that does not change, each made the first time it is asked for. */
export class CompressedForms {
  private readonly made: Partial<Record<Encoding, Buffer>> = {};
  private readonly making: Partial<Record<Encoding, Promise<Buffer>>> = {};

  constructor(private readonly body: Buffer) {}

  /** The form, if made already. */
  ready(encoding: Encoding): Buffer | undefined {
    return this.made[encoding];
  }

  get(encoding: Encoding): Promise<Buffer> {
    return (this.making[encoding] ??= compress(this.body, encoding).then((form) => (this.made[encoding] = form)));
  }
}

// --- internal ---

/** Brotli's quality 5 compresses about as well as gzip's best, several times faster than its default 11. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
