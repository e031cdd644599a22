/**
 * Load-time validation of plugin definitions. Every problem is collected, each naming the
 * plugin and the field (`plugin "deezer".capabilities.album: expected boolean`), so a
 * broken installation is reported at once instead of one failure per restart.
 */
import { CAPABILITIES, LOOKUPS, PLUGIN_API_VERSION, PLUGIN_BRAND, type AnyPluginDefinition, type Capability, type Lookup, type PluginKind } from "./plugin.ts";

const KINDS: readonly PluginKind[] = ["source", "lyrics", "share"];
const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Checks one module's default export; returns the problems found (empty when valid). */
export function validateDefinition(candidate: unknown, origin: string): string[] {
  if (!candidate || typeof candidate !== "object" || (candidate as Record<symbol, unknown>)[PLUGIN_BRAND] !== true) {
    return [`module "${origin}": default export is not a plugin definition made by defineSourcePlugin, defineLyricsPlugin or defineSharePlugin`];
  }
  const def = candidate as Record<string, unknown>;
  const label = typeof def.id === "string" && def.id ? `plugin "${def.id}"` : `plugin from "${origin}"`;
  const problems: string[] = [];
  const field = (name: string, problem: string) => problems.push(`${label}.${name}: ${problem}`);

  if (typeof def.id !== "string" || !PLUGIN_ID.test(def.id)) field("id", "expected a kebab-case string");
  if (def.apiVersion !== PLUGIN_API_VERSION) field("apiVersion", `expected ${PLUGIN_API_VERSION}, got ${String(def.apiVersion)}`);
  if (!KINDS.includes(def.kind as PluginKind)) field("kind", `expected one of ${KINDS.join(", ")}`);
  if (typeof def.name !== "string" || !def.name) field("name", "expected a non-empty string");
  if (!isZodSchema(def.options)) field("options", "expected a zod schema");
  if (typeof def.create !== "function") field("create", "expected a function");
  if (!def.deps || typeof def.deps !== "object") field("deps", "expected an object of core tokens");
  else {
    for (const [name, token] of Object.entries(def.deps)) {
      if (typeof token !== "symbol") field(`deps.${name}`, "expected a core token (a symbol from Tokens)");
    }
  }
  if (def.kind === "source") {
    problems.push(...validateCapabilities(def.capabilities, label), ...validateSearchTraits(def, label));
    if (def.lookups !== undefined) problems.push(...validateFlags(def.lookups, LOOKUPS, `${label}.lookups`, "look-up"));
    if (def.links !== undefined) problems.push(...validateLinks(def.links, `${label}.links`));
  }
  if (def.kind === "source" && def.albumsAreReleases !== undefined && typeof def.albumsAreReleases !== "boolean") field("albumsAreReleases", "expected boolean");
  return problems;
}

/** Checks that an instance has exactly the methods of its declared capabilities and look-ups. */
export function checkInstanceMethods(
  instance: unknown,
  capabilities: Partial<Record<Capability, boolean>>,
  label: string,
  lookups: Partial<Record<Lookup, boolean>> = {},
  links?: { resolves?: boolean },
): string[] {
  if (!instance || typeof instance !== "object") return [`${label}.create: expected it to return an object of methods`];
  // An async create() would otherwise read as every declared method missing.
  if (typeof (instance as { then?: unknown }).then === "function") return [`${label}.create: returned a promise; it must return its methods at once (set-up that waits belongs in the methods)`];
  const methods = instance as Record<string, unknown>;
  const problems: string[] = [];
  const check = (names: readonly string[], declaredIn: Record<string, boolean | undefined>, field: string, what: string) => {
    for (const name of names) {
      const declared = declaredIn[name] === true;
      const present = typeof methods[name] === "function";
      if (declared && !present) problems.push(`${label}.${field}.${name}: declared true but create() returned no ${name}() method`);
      if (!declared && present) problems.push(`${label}.${name}: method returned by create() but ${what} ${name} is not declared`);
    }
  };
  check(CAPABILITIES, capabilities, "capabilities", "capability");
  check(LOOKUPS, lookups, "lookups", "look-up");
  const resolves = links?.resolves === true;
  const resolver = typeof methods.resolveLink === "function";
  if (resolves && !resolver) problems.push(`${label}.links.resolves: declared true but create() returned no resolveLink() method`);
  if (!resolves && resolver) problems.push(`${label}.resolveLink: method returned by create() but links.resolves is not declared true`);
  return problems;
}

// --- internal ---

/** `searchPaging`, `playback`, `isrcs`, `coverAt`, `homepage` and `attribution`, all optional. */
function validateSearchTraits(def: Record<string, unknown>, label: string): string[] {
  const problems: string[] = [];
  const paging = def.searchPaging;
  if (paging !== undefined) {
    if (!paging || typeof paging !== "object") problems.push(`${label}.searchPaging: expected an object {window, exactTotal}`);
    else {
      const { window, exactTotal } = paging as Record<string, unknown>;
      if (window !== undefined && !(Number.isInteger(window) && (window as number) >= 1 && (window as number) <= 1000)) {
        problems.push(`${label}.searchPaging.window: expected an integer from 1 to 1000`);
      }
      if (exactTotal !== undefined && typeof exactTotal !== "boolean") problems.push(`${label}.searchPaging.exactTotal: expected boolean`);
    }
  }
  if (def.playback !== undefined && def.playback !== "full" && def.playback !== "preview") problems.push(`${label}.playback: expected "full" or "preview"`);
  if (def.isrcs !== undefined && def.isrcs !== "vouched" && def.isrcs !== "uploader") problems.push(`${label}.isrcs: expected "vouched" or "uploader"`);
  if (def.coverAt !== undefined && typeof def.coverAt !== "function") problems.push(`${label}.coverAt: expected a function (url, px)`);
  if (def.homepage !== undefined && !isWebAddress(def.homepage)) problems.push(`${label}.homepage: expected an http(s) address of at most 200 characters`);
  if (def.attribution !== undefined && !(typeof def.attribution === "string" && /^[^\p{Cc}]{1,200}$/u.test(def.attribution))) {
    problems.push(`${label}.attribution: expected a text of 1 to 200 characters on one line`);
  }
  return problems;
}

/** Most hosts one source declares. */
const MAX_LINK_HOSTS = 16;
/** One label of a host name: lower-case ASCII letters, digits and hyphens. */
const HOST_LABEL = /^[a-z0-9-]{1,63}$/;

/** `links`: `{hosts, link, page?, resolves?}`, each host a lower-case ASCII name of two labels or more. */
function validateLinks(links: unknown, field: string): string[] {
  if (!links || typeof links !== "object") return [`${field}: expected an object {hosts, link}`];
  const { hosts, link, page, resolves } = links as Record<string, unknown>;
  const problems: string[] = [];
  if (!Array.isArray(hosts) || hosts.length === 0 || hosts.length > MAX_LINK_HOSTS) problems.push(`${field}.hosts: expected 1 to ${MAX_LINK_HOSTS} host names`);
  else {
    hosts.forEach((host, i) => {
      if (!isHostName(host)) problems.push(`${field}.hosts.${i}: expected a lower-case ASCII host name (www.example.com), not ${JSON.stringify(String(host).slice(0, 80))}`);
    });
  }
  if (typeof link !== "function") problems.push(`${field}.link: expected a function (url)`);
  if (page !== undefined && typeof page !== "function") problems.push(`${field}.page: expected a function (kind, id)`);
  if (resolves !== undefined && typeof resolves !== "boolean") problems.push(`${field}.resolves: expected boolean`);
  return problems;
}

function isHostName(host: unknown): boolean {
  if (typeof host !== "string" || host.length > 253) return false;
  const labels = host.split(".");
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label) && !label.startsWith("-") && !label.endsWith("-"));
}

function validateCapabilities(capabilities: unknown, label: string): string[] {
  return validateFlags(capabilities, CAPABILITIES, `${label}.capabilities`, "capability");
}

/** An object of booleans whose keys are among `known` (`capabilities`, `lookups`). */
function validateFlags(flags: unknown, known: readonly string[], field: string, what: string): string[] {
  if (!flags || typeof flags !== "object") return [`${field}: expected an object of booleans`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(flags)) {
    if (!known.includes(key)) problems.push(`${field}.${key}: unknown ${what} (expected one of ${known.join(", ")})`);
    else if (typeof value !== "boolean") problems.push(`${field}.${key}: expected boolean`);
  }
  return problems;
}

function isWebAddress(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 200) return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isZodSchema(value: unknown): boolean {
  return !!value && typeof value === "object" && typeof (value as { safeParse?: unknown }).safeParse === "function";
}

