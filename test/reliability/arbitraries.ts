/**
 * Generators of /v1 query strings for the property-based tests: the endpoints as the spec
 * lists them (valid values of each parameter, and the codes a healthy upstream can lead to),
 * and the ways of spoiling them: unicode, control characters, lone surrogates, very long
 * values, repeated and unknown parameters, malformed percent-encoding, JSONP payloads.
 */
import fc from "fast-check";
import { SPEC_CALLBACK } from "./support.ts";

type Gen = fc.Arbitrary<string>;

/** The endpoints as the spec lists them, with the codes a healthy upstream can lead to. */
export interface EndpointModel {
  path: string;
  cbAlias: boolean;
  params: Record<string, Gen>;
  codes: number[];
}

const oneOf = (...values: string[]) => fc.constantFrom(...values);
const intIn = (min: number, max: number) => fc.integer({ min, max }).map(String);

const SPECIAL = [
  "\u0000", "\u0001", "\u001f", "\n", "\r", "\t", "\u007f", "\u0085", "\u00a0", "\u2028", "\u2029", "\ufeff", "\ud800", "\udfff",
  "\u202e", "%", "&", "=", "#", "+", "?", "/", "\\", ".", "..", "<", ">", '"', "'", "`", " ", "😀", "é", "e\u0301", "中", "؟",
];
const EDGE = [
  "", " ", "0", "-1", "1.5", "1e1", "0x10", "01", "+1", "51", "101", "1001", "999999999", "9999999999", "NaN", "Infinity",
  "all", "ALL", "source_a ", " source_a", "source_z", "__proto__", "constructor", "toString", "null", "undefined", "[]", "{}",
  "song", "Song", "1", "standard", "HIGH", "1 ", "１",
];
const nasty: Gen = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...SPECIAL), maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 81, maxLength: 150 }) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE) },
);
/** mostly valid, sometimes anything */
const value = (good: Gen): Gen => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: nasty });

/** mostly a source that serves everything; sometimes the lite one (1003), the disabled one or `all` (1002) */
const source = fc.oneof({ weight: 4, arbitrary: oneOf("source_a", "source_b") }, { weight: 1, arbitrary: oneOf("source_c", "source_d", "all") });
/** mostly an id FakeFM knows for the endpoint, sometimes another (3001) */
const idOf = (...known: string[]) => fc.oneof({ weight: 3, arbitrary: oneOf(...known) }, { weight: 1, arbitrary: oneOf("1", "3", "404", "500", "77", "900", "0", "9") });
const id = idOf("1", "2", "3", "4", "6");
const quality = oneOf("standard", "high", "lossless");
const SOURCED = [0, 1001, 1002, 1003, 3001];

/** `params` hold the valid values of each parameter; the generators below perturb them. */
export const ENDPOINTS: EndpointModel[] = [
  {
    path: "/v1/search",
    cbAlias: true,
    params: { q: oneOf("o", "one", "*", "love", "ü"), source, type: oneOf("song"), page: intIn(1, 50), size: intIn(1, 50) },
    codes: [0, 1001, 1002],
  },
  { path: "/v1/song", cbAlias: true, params: { source, id }, codes: SOURCED },
  { path: "/v1/song/url", cbAlias: true, params: { source, id, quality, fallback: oneOf("0", "1") }, codes: [...SOURCED, 3002] },
  { path: "/v1/lyric", cbAlias: true, params: { source, id: idOf("1") }, codes: SOURCED },
  { path: "/v1/album", cbAlias: true, params: { source, id: idOf("500") }, codes: SOURCED },
  { path: "/v1/artist", cbAlias: true, params: { source, id: idOf("77") }, codes: SOURCED },
  {
    path: "/v1/playlist",
    cbAlias: false,
    params: { source, id: idOf("900"), page: intIn(1, 1000), size: intIn(1, 100), quality, with_url: oneOf("0", "1"), fallback: oneOf("0", "1") },
    codes: SOURCED,
  },
  // The service's own operation (an extension): 1003 where no other source can search.
  { path: "/v1/match", cbAlias: true, params: { source, id }, codes: SOURCED },
  { path: "/v1/rank", cbAlias: true, params: { source, id: idOf("0") }, codes: SOURCED },
  { path: "/v1/source", cbAlias: true, params: {}, codes: [0, 1001] },
  { path: "/v1/status", cbAlias: true, params: {}, codes: [0, 1001] },
];

const PAYLOADS = [
  "alert(1)//", "a.b.c.d.e", "</script>", "<script>alert(1)</script>", "a;alert(1)", "a(1)", "1a", "a..b", ".a", "a.", "a-b",
  "a b", "x\u2028y", "a=1", "%", "", "$", "_", "jQuery_123", "a.b.c.d", "__proto__", "cb.done",
];
const validCallback: Gen = fc.stringMatching(SPEC_CALLBACK);
const callbackValue: Gen = fc.oneof(
  { weight: 3, arbitrary: validCallback },
  { weight: 3, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 1, arbitrary: nasty },
);
const ORIGIN = oneOf("reliability", "app.example.com:8080/x_y-z", "a", "A".repeat(64));
const RAW = ["%", "%zz", "%0", "%00", "%ED%A0%80", "%E2%80%A8", "%C0%AF", "%FF", "&&", "=", "==", "a=b=c", "%26", "%3D", "+", "callback=%3C%2Fscript%3E", "origin", "id", "source="];

/** absent, once, or repeated */
const occurrences = (gen: Gen, absentWeight = 1) =>
  fc.oneof(
    { weight: absentWeight, arbitrary: fc.constant([] as string[]) },
    { weight: 6, arbitrary: gen.map((v) => [v]) },
    { weight: 1, arbitrary: fc.array(gen, { minLength: 2, maxLength: 3 }) },
  );

interface QueryParts {
  own: Record<string, string[]>;
  origin: string[];
  callback: string[];
  cb: string[];
  unknown: [string, string][];
  raw: string[];
}

/**
 * A whole query string for `endpoint`, half of the time "wild" (every parameter may be
 * absent, repeated or anything), half "tame" (valid values with at most one of them, or
 * the callback, replaced by anything), so that successes are exercised as much as refusals.
 */
export function queryFor(endpoint: EndpointModel): fc.Arbitrary<string> {
  const keys = Object.keys(endpoint.params);
  const wild: fc.Arbitrary<QueryParts> = fc.record({
    own: fc.record(Object.fromEntries(keys.map((k) => [k, occurrences(value(endpoint.params[k]))])) as Record<string, fc.Arbitrary<string[]>>),
    origin: occurrences(value(ORIGIN)),
    callback: occurrences(callbackValue, 3),
    cb: occurrences(callbackValue, 6),
    unknown: fc.array(fc.tuple(fc.string({ maxLength: 8 }), nasty), { maxLength: 2 }),
    raw: fc.array(fc.constantFrom(...RAW), { maxLength: 2 }),
  });
  const tame: fc.Arbitrary<QueryParts> = fc
    .record({
      own: fc.record(Object.fromEntries(keys.map((k) => [k, endpoint.params[k].map((v) => [v])])) as Record<string, fc.Arbitrary<string[]>>),
      origin: ORIGIN.map((v) => [v]),
      callback: fc.oneof({ weight: 2, arbitrary: fc.constant([] as string[]) }, { weight: 2, arbitrary: validCallback.map((v) => [v]) }, { weight: 1, arbitrary: fc.constantFrom(...PAYLOADS).map((v) => [v]) }),
      perturb: fc.option(fc.tuple(fc.constantFrom(...keys, "origin"), nasty), { freq: 2 }),
    })
    .map(({ own, origin, callback, perturb }) => {
      const parts: QueryParts = { own: { ...own }, origin, callback, cb: [], unknown: [], raw: [] };
      if (perturb && perturb[0] === "origin") parts.origin = [perturb[1]];
      else if (perturb) parts.own[perturb[0]] = [perturb[1]];
      return parts;
    });
  return fc.oneof(wild, tame).map((g) => {
    const search = new URLSearchParams();
    const add = (key: string, values: string[]) => values.forEach((v) => search.append(key, v));
    add("origin", g.origin);
    for (const [key, values] of Object.entries(g.own)) add(key, values);
    add("callback", g.callback);
    add("cb", g.cb);
    for (const [key, v] of g.unknown) search.append(key, v);
    return [search.toString(), ...g.raw].filter(Boolean).join("&");
  });
}
