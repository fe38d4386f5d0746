import type { FastifyReply } from 'fastify';

/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, a field quoted when it
 * holds a comma, a quote, a line break or edge spaces, its quotes doubled. Text that a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so a job title typed by anyone on the public form cannot become a formula in an
 * admin's spreadsheet (OWASP "CSV injection"). Numbers are written as numbers.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV file: a byte-order mark (so Excel reads the text as UTF-8), the header, the rows.
 */
export function toCsv(header: readonly string[], rows: CsvValue[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/**
 * A CSV download: an attachment named `filename` (letters, digits, dots and dashes only: it goes
 * into a header as it is), never cached (it holds people's addresses).
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
