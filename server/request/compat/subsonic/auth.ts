/**
 * Who calls `/rest` (docs/decisions.md, "Subsonic"): the users of config
 * `compat.subsonic.users`, by `u` with `p` (plain, or `enc:` and its hex), by `u`, `t` and `s`
 * (`t` = md5(password + `s`)), or by OpenSubsonic's `apiKey` alone. With no user configured
 * every call is refused with error 40, so the endpoint serves nothing until an operator adds
 * one. Secrets are compared by their SHA-256 digests in constant time, and every user is
 * compared, so the time of a refusal says nothing of which part was wrong. Refusals are
 * requests like any other: the rate limit of `/rest` counts them.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { AppConfig } from "../../../engine/config.ts";
import { SubsonicError } from "./envelope.ts";

type Users = AppConfig["compat"]["subsonic"]["users"];

/** The user the parameters name and prove; throws the Subsonic error of what is missing or wrong. */
export function authenticate(users: Users, params: Record<string, string>): string {
  if (!users.length) throw new SubsonicError(40, "Wrong username or password: no Subsonic user is configured on this server (config compat.subsonic.users)");
  const { u, p, t, s, apiKey } = params;
  if (apiKey !== undefined) {
    // OpenSubsonic: an API key comes alone; any other credential beside it is error 43, never ignored.
    const others = (["u", "p", "t", "s"] as const).filter((name) => params[name] !== undefined);
    if (others.length) throw new SubsonicError(43, `Multiple conflicting authentication mechanisms provided: apiKey goes without ${others.join(", ")}`);
    const user = users.reduce<string | undefined>((found, user) => (user.apiKey !== undefined && same(apiKey, text(user.apiKey)) ? user.username : found), undefined);
    if (user === undefined) throw new SubsonicError(44, "Invalid API key");
    return user;
  }
  if (u === undefined) throw new SubsonicError(10, "parameter u is required (or apiKey)");
  if (p === undefined && (t === undefined || s === undefined)) throw new SubsonicError(10, "parameter p is required, or t and s");
  const given = p === undefined ? undefined : p.startsWith("enc:") ? fromHex(p.slice(4)) : p;
  let known: string | undefined;
  for (const user of users) {
    const password = text(user.password);
    const proof = given === undefined ? same(t!.toLowerCase(), md5(password + s)) : same(given, password);
    if (same(u, user.username) && proof) known = user.username;
  }
  if (known === undefined) throw new SubsonicError(40, "Wrong username or password");
  return known;
}

// --- internal ---

/** A secret as the config holds it once read (`parseConfig` has put an environment variable's text in its place). */
function text(secret: string | { env: string }): string {
  return typeof secret === "string" ? secret : "";
}

function same(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b)) && b !== "";
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

function md5(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}

/** `enc:`'s hex as text; what is not hex proves nothing. */
function fromHex(hex: string): string {
  return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, "hex").toString("utf8") : "\u0000";
}
