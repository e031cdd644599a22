/**
 * Audius's public ids are hashids of its internal numbers (salt `azowernasdfoia`, at least 5
 * characters, the default alphabet), and some answers still give the number: the album
 * backlink's `playlist_id` is an integer, as the API description types it. `encodeHashId`
 * turns such a number into the id `/v1/playlists/{id}` (and so `/v1/album`) takes. Only the
 * encoding, after the Hashids algorithm (hashids.org, v1 "encode" of a single number).
 */

const SALT = [..."azowernasdfoia"];
const MIN_LENGTH = 5;
const DEFAULT_ALPHABET = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"];
const DEFAULT_SEPARATORS = [..."cfhistuCFHISTU"];
/** One guard character per this many alphabet characters. */
const GUARD_DIV = 12;

/** The alphabet and guards Audius's settings give; with the default alphabet no separator is added or removed. */
const { alphabet: ALPHABET, guards: GUARDS } = (() => {
  const shuffled = shuffle(DEFAULT_ALPHABET.filter((c) => !DEFAULT_SEPARATORS.includes(c)), SALT);
  const guardCount = Math.ceil(shuffled.length / GUARD_DIV);
  return { alphabet: shuffled.slice(guardCount), guards: shuffled.slice(0, guardCount) };
})();

/** The hashid of a non-negative integer, e.g. 1192383172 → `AlQM0Bg`; undefined for anything else. */
export function encodeHashId(value: number): string | undefined {
  if (!Number.isSafeInteger(value) || value < 0) return undefined;
  const numberHash = value % 100;
  const lottery = ALPHABET[numberHash % ALPHABET.length];
  const alphabet = shuffle(ALPHABET, [lottery, ...SALT, ...ALPHABET].slice(0, ALPHABET.length));
  let id = [lottery, ...inAlphabet(value, alphabet)];
  if (id.length < MIN_LENGTH) {
    id = [GUARDS[(numberHash + id[0].charCodeAt(0)) % GUARDS.length], ...id];
    if (id.length < MIN_LENGTH) id.push(GUARDS[(numberHash + id[2].charCodeAt(0)) % GUARDS.length]);
  }
  let padding = alphabet;
  const half = Math.floor(alphabet.length / 2);
  while (id.length < MIN_LENGTH) {
    padding = shuffle(padding, padding);
    id = [...padding.slice(half), ...id, ...padding.slice(0, half)];
    const excess = id.length - MIN_LENGTH;
    if (excess > 0) id = id.slice(Math.floor(excess / 2), Math.floor(excess / 2) + MIN_LENGTH);
  }
  return id.join("");
}

// --- internal ---

/** Hashids' consistent shuffle of `alphabet` by `salt`. */
function shuffle(alphabet: readonly string[], salt: readonly string[]): string[] {
  const chars = [...alphabet];
  for (let i = chars.length - 1, v = 0, p = 0; i > 0; i--, v++) {
    v %= salt.length;
    const code = salt[v].charCodeAt(0);
    p += code;
    const j = (code + v + p) % i;
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars;
}

/** `value` written in the digits of `alphabet`, most significant first. */
function inAlphabet(value: number, alphabet: readonly string[]): string[] {
  const digits: string[] = [];
  let rest = value;
  do {
    digits.unshift(alphabet[rest % alphabet.length]);
    rest = Math.floor(rest / alphabet.length);
  } while (rest > 0);
  return digits;
}
