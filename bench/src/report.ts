/**
 * The benchmark report: every section returns its tables (markdown) and its checks (a figure, its
 * target, PASS or FAIL and, for a miss, by how much and why). run.ts writes them all into
 * bench/report.md with a summary table of every check at the top.
 */

export interface Check {
  /** What was measured: 'Text search at 100k, SQLite, p95'. */
  figure: string;
  /** The measured value with its unit: '4.2 ms'. */
  measured: string;
  /** The target: '< 25 ms'. */
  target: string;
  pass: boolean;
  /** For a miss: by how much and why. */
  note?: string;
}

export interface SectionResult {
  title: string;
  /** Markdown: the section's tables and a sentence on how it was measured. */
  body: string;
  checks: Check[];
}

/** A markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The p-th percentile (0-100) of some values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: number[]) => percentile(values, 50);

/** A check against an upper bound. */
export function atMost(figure: string, value: number, limit: number, unit: string, why = '') {
  return bound(figure, value, limit, unit, 'at most', why);
}

/** A check against a lower bound. */
export function atLeast(figure: string, value: number, limit: number, unit: string, why = '') {
  return bound(figure, value, limit, unit, 'at least', why);
}

function bound(
  figure: string,
  value: number,
  limit: number,
  unit: string,
  kind: 'at most' | 'at least',
  why: string,
): Check {
  const whole = Number.isInteger(value) && Number.isInteger(limit);
  const show = (v: number) =>
    unit === 'ms'
      ? ms(v)
      : `${v.toFixed(whole ? 0 : unit === 'KB' ? 1 : 2)}${unit ? ` ${unit}` : ''}`;
  const pass = kind === 'at most' ? value <= limit : value >= limit;
  const gap = Math.abs(value - limit);
  return {
    figure,
    measured: show(value),
    target: `${kind === 'at most' ? '≤' : '≥'} ${limit}${unit ? ` ${unit}` : ''}`,
    pass,
    ...(pass
      ? {}
      : { note: `${show(gap)} ${kind === 'at most' ? 'over' : 'short'}${why ? `: ${why}` : ''}` }),
  };
}
