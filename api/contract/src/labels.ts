/**
 * When two location or category labels are the same label (issue 41, R4): one rule for the API
 * (the admin form, the sync's mapping, the label tables' `name_key`, the board's filters) and the
 * admin's location field. Before, three copies compared lower case alone, so 'Mérida' typed with a
 * combining accent (NFD, as some keyboards and macOS file names give it) was a second 'Mérida'.
 */

/**
 * The key a label is known by: trimmed, in Unicode's composed form (NFC), lower case by
 * JavaScript's full Unicode rules. The API stores it beside the label (`name_key`) and never uses
 * SQL `lower()`: SQLite's folds ASCII letters only, so 'Île-de-France' and 'île-de-france' would
 * be two labels there and one on PostgreSQL.
 */
export function labelKey(label: string): string {
  return label.trim().normalize('NFC').toLowerCase();
}

/** Labels trimmed, without blanks or repeats of one key, in the order given (first spelling kept). */
export function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels
    .map((label) => label.trim())
    .filter((label) => label !== '' && !seen.has(labelKey(label)) && seen.add(labelKey(label)));
}

/** Whether two lists name the same labels in the same order. */
export function sameLabels(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((label, i) => labelKey(label) === labelKey(b[i]!));
}
