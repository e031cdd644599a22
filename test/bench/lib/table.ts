/** The one table the bench prints: metric, measured, baseline/target, ratio, pass/fail. */

export interface Row {
  metric: string;
  measured: string;
  target: string;
  /** measured over the baseline or the target; empty when it means nothing */
  ratio?: number;
  /** undefined for a row that only informs (the baseline itself) */
  pass?: boolean;
}

export function renderTable(rows: Row[]): string {
  const header = ["metric", "measured", "baseline / target", "ratio", "result"];
  const cells = rows.map((r) => [r.metric, r.measured, r.target, r.ratio === undefined ? "" : r.ratio.toFixed(2), r.pass === undefined ? "" : r.pass ? "pass" : "FAIL"]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.map(line)].join("\n");
}

export const fmt = {
  rps: (n: number) => `${Math.round(n).toLocaleString("en-US")} req/s`,
  ms: (n: number) => `${n.toFixed(2)} ms`,
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
};
