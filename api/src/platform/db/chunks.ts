/**
 * Items in groups small enough for any driver's bound-parameter limit (a `whereIn` of ids, rows
 * inserted together).
 */
export function* chunks<T>(items: T[], size = 500): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
