/**
 * The regular expressions a source file writes: every literal (`/…/flags`) and every
 * `RegExp(…)` / `new RegExp(…)`, found on the file's syntax tree (rolldown's parser, which
 * reads TypeScript), never by a pattern over its text. A `RegExp` whose source is not a
 * literal is reported as such: what it matches is only known at run time.
 */
import { readFileSync } from "node:fs";
import { parseAst } from "rolldown/parseAst";

export interface FoundRegex {
  file: string;
  line: number;
  /** the pattern's source, or undefined when it is built at run time */
  source?: string;
  flags: string;
}

interface Node {
  type?: string;
  start?: number;
  [key: string]: unknown;
}

/** The regular expressions of `file`, in the order they are written. */
export function regexesOf(file: string): FoundRegex[] {
  const text = readFileSync(file, "utf8");
  const found: FoundRegex[] = [];
  const lineOf = (at = 0) => text.slice(0, at).split("\n").length;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    const regex = node.type === "Literal" ? (node.regex as { pattern: string; flags: string } | undefined) : undefined;
    if (regex) found.push({ file, line: lineOf(node.start), source: regex.pattern, flags: regex.flags });
    if ((node.type === "NewExpression" || node.type === "CallExpression") && (node.callee as Node).name === "RegExp") {
      const [source, flags] = node.arguments as Node[];
      found.push({ file, line: lineOf(node.start), source: literalText(source), flags: literalText(flags) ?? "" });
    }
    for (const [key, child] of Object.entries(node)) if (key !== "parent") visit(child);
  };
  visit(parseAst(text, { lang: /\.m?ts$/.test(file) ? "ts" : "js" }));
  return found;
}

// --- internal ---

/** A string literal's text, or a template's without substitutions; undefined for anything else. */
function literalText(node: Node | undefined): string | undefined {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0) {
    return ((node.quasis as { value: { cooked: string } }[])[0]).value.cooked;
  }
  return undefined;
}
