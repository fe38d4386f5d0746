import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import type { InjectOptions } from 'fastify';
import { solvedProof } from './human-proof';
import { createJobs } from './jobs';
import { insertSubmission } from './submissions';
import type { TestApp } from './test-app';

/** A résumé's bytes of each kind the form takes (a PDF, a DOCX and an ODT by their structure). */
export const RESUMES = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

/** A file part of a form. */
export interface FilePart {
  name: string;
  filename: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data body, as a browser sends a form with a file. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----jobboard${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const APPLICANT = {
  name: 'Rosa Delgado',
  email: 'rosa@applicant.example',
  phone: '+1 (202) 555-0147',
  links: 'https://rosa.example/portfolio',
  coverNote: 'I have led digital organizing for five years and would love to do it for you.',
};

/**
 * POST an application as the board's dialog does (the CSRF header; JSON back), with a solved
 * challenge (the spam check, issue 45) unless `fields` brings its own `humanProof`.
 */
export async function apply(
  t: TestApp,
  jobId: number | string,
  fields: Record<string, string> = APPLICANT,
  resume: FilePart | null = { name: 'resume', filename: 'cv.pdf', bytes: RESUMES.pdf },
  extra: Partial<InjectOptions> = {},
) {
  const proven = { humanProof: await solvedProof(t.app), website: '', ...fields };
  const body = multipart(proven, resume ? [resume] : []);
  return t.app.inject({
    method: 'POST',
    url: `/api/jobs/${jobId}/applications`,
    payload: body.payload,
    ...extra,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...body.headers, ...(extra.headers ?? {}) },
  });
}

export const EMPLOYER_EMAIL = 'hiring@openballot.example';

/**
 * A live job with its way of applying set as given (columns of migration 20261129120000), and,
 * unless `employer: false`, the paid submission it came from (its contact is the employer).
 */
export async function jobTakingApplications(
  t: TestApp,
  apply: {
    apply_method?: 'link' | 'email' | 'form' | null;
    application_email?: string | null;
    application_url?: string | null;
    how_to_apply?: string | null;
    screening_questions?: string | null;
  } = { apply_method: 'form' },
  options: { employer?: boolean; title?: string } = {},
): Promise<number> {
  const title = options.title ?? `Digital Organizer ${Math.random().toString(36).slice(2, 7)}`;
  const ids = await createJobs(t.app, [{ title }]);
  const id = Number(ids[title]);
  await t.db('jobs').where({ id }).update(apply);
  if (options.employer !== false) {
    await insertSubmission(t.db, {
      job_id: id,
      status: 'paid',
      contact_email: EMPLOYER_EMAIL,
      contact_name: 'Sam Rivera',
    });
  }
  return id;
}

/**
 * The proof the form drawn without JavaScript sends back (its hidden `humanProof`), read from the
 * page as a browser would submit it.
 */
export function pageProofOf(html: string): string {
  const proof = /name="humanProof" value="([^"]+)"/.exec(html)?.[1];
  if (!proof) throw new Error('the page has no proof');
  return proof;
}
