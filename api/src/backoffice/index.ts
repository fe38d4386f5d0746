/**
 * The back office's face: what other slices may import from it (the lint refuses an import of any
 * other file of this folder from outside it). CSV as the board writes it, formula-guarded, for
 * every export (the admins' and the employer's applications).
 */
export { sendCsv, toCsv } from './csv';
export type { CsvValue } from './csv';
