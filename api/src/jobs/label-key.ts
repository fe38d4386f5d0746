/**
 * The key a location or category label is known by: trimmed, in Unicode's composed form, lower
 * case by JavaScript's full Unicode rules. Computed here and stored beside the label (`name_key`),
 * never with SQL `lower()`: SQLite's lower() folds ASCII letters only, so 'Île-de-France' and
 * 'île-de-france' would be two labels there and one on PostgreSQL.
 */
export function labelKey(label: string): string {
  return label.trim().normalize('NFC').toLowerCase();
}
