/**
 * Configuration problems worded for the person who wrote the file: a zod issue at the key it
 * names; an unknown key next to a known one a single edit away says "did you mean …?" (and the
 * "required" of that known key, which only repeats the typo, is left out); a value that fits
 * none of a union's forms is reported by the one form of its type, when there is one.
 */
import type { z } from "zod";

export interface ConfigProblem {
  /** the keys from the validated object down to the problem */
  path: PropertyKey[];
  message: string;
}

/** The problems of `issues`, found validating `input` with `schema`. */
export function configProblems(schema: z.ZodType, input: unknown, zodIssues: readonly z.core.$ZodIssue[]): ConfigProblem[] {
  const issues = zodIssues.flatMap(withinUnion);
  const unknown = issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ issue, key, near: nearKeys(schema, issue.path, key) })) : [],
  );
  // The near key missing from the input is the typo's other half: its own "required" says nothing new.
  const covered = new Set(
    unknown.flatMap(({ issue, near }) => near.filter((k) => valueAt(input, [...issue.path, k]) === undefined).map((k) => pathKey([...issue.path, k]))),
  );
  return issues.flatMap((issue): ConfigProblem[] => {
    if (issue.code !== "unrecognized_keys") return covered.has(pathKey(issue.path)) ? [] : [{ path: issue.path, message: issue.message }];
    return unknown
      .filter((u) => u.issue === issue)
      .map(({ key, near }) => {
        const known = keysAt(schema, issue.path);
        const hint = near.length ? `; did you mean ${near.join(" or ")}?` : known.length ? `; known keys: ${known.join(", ")}` : "";
        return { path: [...issue.path, key], message: `unknown key${hint}` };
      });
  });
}

/** `a.b.0` of a path, `(root)` for the empty one. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join(".") || "(root)";
}

// --- internal ---

/**
 * A union's failure as the failure of its one form whose type the value has (`{"plugn": …}` is
 * a misspelt binding, not a wrong `false`), with paths from the top; else the forms expected.
 */
function withinUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== "invalid_union" || !issue.errors?.length) return [issue];
  const typeMismatch = (i: z.core.$ZodIssue) => i.path.length === 0 && (i.code === "invalid_type" || i.code === "invalid_value");
  const ofItsType = issue.errors.filter((branch) => branch.length > 0 && !branch.some(typeMismatch));
  if (ofItsType.length !== 1) {
    // Of no form's type: say the forms ("expected object or false") rather than zod's "Invalid input".
    const forms = issue.errors.flatMap((branch) =>
      branch.filter(typeMismatch).map((i) => (i.code === "invalid_type" ? i.expected : i.code === "invalid_value" ? i.values.map((v) => JSON.stringify(v)).join(" or ") : "")),
    );
    return forms.length === issue.errors.length && forms.every(Boolean) ? [{ ...issue, message: `expected ${[...new Set(forms)].join(" or ")}` }] : [issue];
  }
  return ofItsType[0].flatMap((inner) => withinUnion({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
}

/** The keys a strict object at `path` of `schema` knows, through wrappers, records, arrays and unions. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  switch (def.type) {
    case "optional": case "nullable": case "default": case "prefault": case "catch": case "readonly": case "nonoptional":
      return keysAt(def.innerType!, path);
    case "pipe":
      return keysAt(def.in!, path);
    case "lazy":
      return keysAt(def.getter!(), path);
    case "union":
      return [...new Set(def.options!.flatMap((option) => keysAt(option, path)))];
    case "object":
      if (!path.length) return Object.keys(def.shape!);
      return Object.hasOwn(def.shape!, path[0]) ? keysAt(def.shape![path[0] as string], path.slice(1)) : [];
    case "record":
      return path.length ? keysAt(def.valueType!, path.slice(1)) : [];
    case "array":
      return path.length ? keysAt(def.element!, path.slice(1)) : [];
    default:
      return [];
  }
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
}

/** The keys of the object at `path` one edit away from `key`. */
function nearKeys(schema: z.ZodType, path: readonly PropertyKey[], key: string): string[] {
  return keysAt(schema, path).filter((candidate) => oneEditApart(key, candidate));
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map(String));
}

/** Equal but for case, or one insertion, deletion, substitution or swap of neighbours apart. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.toLowerCase() === b.toLowerCase()) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, from: number) => x.slice(from);
  if (a.length === b.length) {
    // substitution, or two neighbours swapped
    return rest(a, i + 1) === rest(b, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(a, i + 2) === rest(b, i + 2));
  }
  // insertion or deletion
  return a.length > b.length ? rest(a, i + 1) === rest(b, i) : rest(a, i) === rest(b, i + 1);
}
