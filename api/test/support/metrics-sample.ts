/**
 * The value of one sample line of a /metrics answer (`name{labels} value`), matched on the labels
 * given, or undefined when it is not there. Prometheus writes infinity as +Inf.
 */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (!wanted.every((label) => present.includes(label))) continue;
    return match[3] === '+Inf' ? Number.POSITIVE_INFINITY : Number(match[3]);
  }
  return undefined;
}
