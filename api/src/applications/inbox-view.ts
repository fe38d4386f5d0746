import { APPLICATION_STATUS_LABELS, type InboxApplication } from '@jobboard/contract/applications';
import { toCsv, type CsvValue } from '../backoffice';
import type { ApplicationRow } from './applications-repository';

/**
 * An application as the employer's inbox shows it, and its listing's applications as a CSV file:
 * what was sent (the résumé by its name, kind and size; its bytes are downloaded apart) and what
 * the employer made of it.
 */

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A stored JSON list, read leniently (a damaged value is an empty list). */
function listOf<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function inboxApplicationOf(row: ApplicationRow): InboxApplication {
  return {
    id: String(row.id),
    jobId: String(row.job_id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    links: listOf<string>(row.links).map(String),
    coverNote: row.cover_note,
    answers: listOf<{ question: string; answer: string }>(row.answers).map((a) => ({
      question: String(a.question),
      answer: String(a.answer),
    })),
    resume: { name: row.resume_name, kind: row.resume_type, bytes: Number(row.resume_bytes) },
    status: row.status,
    starred: Boolean(row.starred),
    note: row.note,
    createdAt: iso(row.created_at),
    declinedAt: row.declined_at == null ? null : iso(row.declined_at),
  };
}

const CSV_HEADER = [
  'Applied',
  'Name',
  'E-mail',
  'Phone',
  'Links',
  'Status',
  'Starred',
  'Note',
  'Decline e-mail sent',
  'Résumé',
  'Cover note',
] as const;

/**
 * The applications as CSV (backoffice/csv.ts: formula-guarded, for any spreadsheet), newest first:
 * one column per question asked, in the order they were first asked (a job's questions may have
 * changed between applications; an application not asked one leaves it empty).
 */
export function applicationsCsv(rows: readonly ApplicationRow[]): string {
  const applications = rows.map(inboxApplicationOf);
  const questions = [
    ...new Set(applications.flatMap((a) => a.answers.map((answer) => answer.question))),
  ];
  const lines: CsvValue[][] = applications.map((a) => {
    const answers = new Map(a.answers.map((answer) => [answer.question, answer.answer]));
    return [
      a.createdAt,
      a.name,
      a.email,
      a.phone,
      a.links.join('\n'),
      APPLICATION_STATUS_LABELS[a.status],
      a.starred,
      a.note,
      a.declinedAt,
      a.resume.name,
      a.coverNote,
      ...questions.map((question) => answers.get(question) ?? ''),
    ];
  });
  return toCsv([...CSV_HEADER, ...questions], lines);
}
