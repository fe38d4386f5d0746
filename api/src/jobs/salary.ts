/**
 * The dollar figures behind a salary text (sorting and salary filters use the figures). How a
 * salary is shown is the contract's (salaryFromFigures).
 */

/**
 * Every dollar figure in a salary text: '$55,000', '$55k', '$55.5K', '$1.2M'. Used when a job comes
 * with salary text only (the external source), to fill the figures.
 */
export function dollarFigures(text: string): number[] {
  const figures: number[] = [];
  for (const match of text.matchAll(/\$\s*(\d[\d,]*(?:\.\d+)?)\s*([kKmM])?/g)) {
    const value = Number(match[1]!.replace(/,/g, ''));
    const scale = match[2] ? (match[2].toLowerCase() === 'k' ? 1_000 : 1_000_000) : 1;
    if (Number.isFinite(value)) figures.push(Math.round(value * scale));
  }
  return figures;
}

/** The smallest and largest figure of a text, or nulls when it has none. */
export function salaryRangeOf(text: string | null | undefined): {
  min: number | null;
  max: number | null;
} {
  const figures = text ? dollarFigures(text) : [];
  if (!figures.length) return { min: null, max: null };
  return { min: Math.min(...figures), max: Math.max(...figures) };
}
