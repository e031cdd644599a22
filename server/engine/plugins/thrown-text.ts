/**
 * What a plugin threw, as a start-up problem's text: an Error's message, else the value itself
 * (a string as it is, anything else as JSON, cut to 200 characters), never "[object Object]".
 */
export function thrownText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    const json = JSON.stringify(error);
    if (json !== undefined) return json.length > 200 ? `${json.slice(0, 200)}…` : json;
  } catch {
    // a cycle or a BigInt: its plain form below
  }
  return String(error);
}
