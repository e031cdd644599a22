/**
 * A JSON syntax error a person can find: the line and column where the text stops being JSON,
 * and that line under a caret. V8's own message gives a position only for some mistakes (Node
 * 20 words an unexpected token as a snippet of the text), so the place is found by a small
 * scanner of the JSON grammar; V8's wording is kept for the reason.
 */

/** The message for `error`, thrown by `JSON.parse(text)`. */
export function jsonSyntaxMessage(text: string, error: Error): string {
  const reason = error.message
    .replace(/^(Unexpected token .+?), (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, "$1")
    .replace(/\s*(in JSON )?at position \d+.*$/s, "")
    .replace(/\s*\(line \d+ column \d+\)$/, "");
  const position = firstErrorAt(text);
  const before = text.slice(0, position).split(/\r\n|\r|\n/);
  const line = before.length;
  const column = before[line - 1].length + 1;
  const source = text.split(/\r\n|\r|\n/)[line - 1] ?? "";
  // A long (minified) line is shown around the column only.
  const start = Math.max(0, column - 60);
  const shown = `${start > 0 ? "…" : ""}${source.slice(start, start + 100)}${start + 100 < source.length ? "…" : ""}`;
  // Tabs stay tabs under the caret, so it lines up however the terminal draws them.
  const pad = `${start > 0 ? " " : ""}${source.slice(start, column - 1).replace(/[^\t]/g, " ")}`;
  const gutter = String(line);
  return `${reason} at line ${line}, column ${column}:\n    ${gutter} | ${shown}\n    ${" ".repeat(gutter.length)} | ${pad}^`;
}

// --- internal ---

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** The offset of the first character that cannot continue valid JSON (the length when the text ends too soon). */
function firstErrorAt(text: string): number {
  let i = 0;
  const stop = (): never => {
    throw new JsonStop(i);
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const expect = (char: string) => (text[i] === char ? i++ : stop());
  const word = (w: string) => {
    for (const char of w) expect(char);
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= text.length || text[i] < " ") stop();
      const char = text[i++];
      if (char === '"') return;
      if (char !== "\\") continue;
      if (text[i] === "u") {
        i++;
        for (let n = 0; n < 4; n++) if (/[0-9a-fA-F]/.test(text[i] ?? "")) i++; else stop();
      } else if ('"\\/bfnrt'.includes(text[i] ?? "x")) i++;
      else stop();
    }
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === "{") members("}", () => (string(), space(), expect(":"), value()));
    else if (char === "[") members("]", value);
    else if (char === '"') string();
    else if (char === "t") word("true");
    else if (char === "f") word("false");
    else if (char === "n") word("null");
    else {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) stop();
      i = NUMBER.lastIndex;
    }
    space();
  };
  const members = (close: string, member: () => void) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      space();
      member();
      space();
      if (text[i] === ",") i++;
      else return void expect(close);
    }
  };
  try {
    value();
    if (i < text.length) stop();
  } catch (error) {
    if (error instanceof JsonStop) return error.at;
    // Nested past the stack: V8's message is all there is.
  }
  return text.length;
}

class JsonStop {
  constructor(readonly at: number) {}
}
