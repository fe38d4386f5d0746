import {
  APPLICATION_LABELS as L,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  RESUME_ACCEPT,
  type ApplicationFields,
  type ScreeningQuestion,
} from '@jobboard/contract/applications';
import { HUMAN_PROOF_FIELDS } from '@jobboard/contract/common';
import type { Job } from '@jobboard/contract/jobs';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../discovery';

/**
 * The application form drawn by the server (issue 42: "the form works with JavaScript off"): the
 * job page's Apply link leads here, and the board's dialog takes over that link once the page is
 * live. It posts the same multipart form to the same route as the dialog; an error draws it again
 * with everything typed and each field's message (only the résumé must be chosen again: a browser
 * never refills a file input).
 */

export interface ApplicationPage {
  boardName: string;
  job: Pick<Job, 'id' | 'title' | 'organization'>;
  questions: readonly ScreeningQuestion[];
  values?: Partial<ApplicationFields>;
  errors?: Record<string, string>;
  /** A message for the whole form (a refusal that is no field's). */
  notice?: string;
  /**
   * The spam check's proof for this one send (human-proof/: a page proof, since a page without
   * JavaScript cannot solve a challenge), sent back as the hidden `humanProof`.
   */
  proof: string;
}

const h = escapeHtml;

/**
 * Answer with one of these pages. `Referrer-Policy: same-origin`, not the site's `no-referrer`:
 * under `no-referrer` a browser sends a form's POST with `Origin: null`, which the routes must
 * refuse (a page of another site can send that too); under `same-origin` our own form's POST
 * carries our origin, and nothing of the page's address leaves the site.
 */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'same-origin')
    .send(html);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}
label{display:block;font-weight:600;margin-top:1rem}input,textarea,select{display:block;width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.hint{color:#555;font-size:.9rem;margin:.25rem 0}.error{color:#b00020;margin:.25rem 0}fieldset{border:0;padding:0;margin:1rem 0 0}
legend{font-weight:600}fieldset label{display:inline;font-weight:400;margin-right:1rem}fieldset input{display:inline;width:auto}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit;font-weight:600}.notice{border:2px solid #b00020;padding:.75rem}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}`;

/** A whole page around its main content. */
export function page(title: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${h(title)}</title><style>${STYLE}</style></head><body><main>${main}</main></body></html>`;
}

function fieldError(errors: Record<string, string>, name: string): string {
  const message = errors[name];
  return message ? `<p class="error" id="${h(name)}-error">${h(message)}</p>` : '';
}

function describedBy(errors: Record<string, string>, name: string, hint?: string): string {
  const ids = [hint, errors[name] ? `${name}-error` : undefined].filter(Boolean);
  return ids.length
    ? ` aria-describedby="${h(ids.join(' '))}"${errors[name] ? ' aria-invalid="true"' : ''}`
    : '';
}

function textField(
  p: { values: Partial<ApplicationFields>; errors: Record<string, string> },
  name: 'name' | 'email' | 'phone',
  label: string,
  attrs: string,
): string {
  const value = (p.values[name] as string | undefined) ?? '';
  return `<label for="${name}">${h(label)}</label>${fieldError(p.errors, name)}<input id="${name}" name="${name}" value="${h(value)}" ${attrs}${describedBy(p.errors, name)}>`;
}

function question(
  q: ScreeningQuestion,
  answers: Record<string, string>,
  errors: Record<string, string>,
): string {
  const name = `answers.${q.id}`;
  const answer = answers[q.id] ?? '';
  const label = q.required ? q.label : L.optionalQuestion(q.label);
  const required = q.required ? ' required' : '';
  if (q.kind === 'text') {
    return `<label for="${name}">${h(label)}</label>${fieldError(errors, name)}<input id="${name}" name="${name}" value="${h(answer)}" maxlength="${APPLICATION_LIMITS.answer}"${required}${describedBy(errors, name)}>`;
  }
  const options =
    q.kind === 'yesNo'
      ? [
          ['yes', L.yes],
          ['no', L.no],
        ]
      : q.choices.map((c) => [c, c]);
  const radios = options
    .map(
      ([value, text], index) =>
        `<input type="radio" id="${name}-${index}" name="${name}" value="${h(value!)}"${answer === value ? ' checked' : ''}${required}><label for="${name}-${index}">${h(text!)}</label>`,
    )
    .join(' ');
  return `<fieldset${describedBy(errors, name)}><legend>${h(label)}</legend>${fieldError(errors, name)}${radios}</fieldset>`;
}

/** The form, empty or with what was typed and each field's message. */
export function applicationFormPage(p: ApplicationPage): string {
  const values = p.values ?? {};
  const errors = p.errors ?? {};
  const answers = values.answers ?? {};
  const ctx = { values, errors };
  const notice =
    p.notice || Object.keys(errors).length
      ? `<div class="notice" role="alert">${h(p.notice ?? 'Please correct the fields marked below.')}</div>`
      : '';
  const main = `<p><a href="/jobs/${h(p.job.id)}">Back to the job</a></p>
<h1>${h(L.title(p.job.title))}</h1><p>${h(L.at(p.job.organization))}</p>${notice}
<form method="post" action="/api/jobs/${h(p.job.id)}/applications" enctype="multipart/form-data">
${textField(ctx, 'name', L.name, `autocomplete="name" required maxlength="${APPLICATION_LIMITS.name}"`)}
${textField(ctx, 'email', L.email, `type="email" autocomplete="email" required maxlength="${APPLICATION_LIMITS.email}"`)}
${textField(ctx, 'phone', L.phone, `type="tel" autocomplete="tel" maxlength="${APPLICATION_LIMITS.phone}"`)}
<label for="links">${h(L.links)}</label><p class="hint" id="links-hint">${h(L.linksHint)}</p>${fieldError(errors, 'links')}<textarea id="links" name="links" rows="3"${describedBy(errors, 'links', 'links-hint')}>${h(values.links ?? '')}</textarea>
<label for="coverNote">${h(L.coverNote)}</label>${fieldError(errors, 'coverNote')}<textarea id="coverNote" name="coverNote" rows="8" required maxlength="${APPLICATION_LIMITS.coverNote}"${describedBy(errors, 'coverNote')}>${h(values.coverNote ?? '')}</textarea>
<label for="resume">${h(L.resume)}</label><p class="hint" id="resume-hint">${h(L.resumeHint)}.${Object.keys(errors).length ? ' Please choose the file again.' : ''}</p>${fieldError(errors, 'resume')}<input type="file" id="resume" name="resume" accept="${h(RESUME_ACCEPT)}" required${describedBy(errors, 'resume', 'resume-hint')}>
${p.questions.map((q) => question(q, answers, errors)).join('\n')}
${humanProofFields(p.proof)}
<button type="submit">${h(L.send)}</button>
</form>`;
  return page(`Apply for ${p.job.title} - ${p.boardName}`, main);
}

/**
 * The spam check's two fields (issue 45): the proof, and the honeypot, which no person sees or
 * reaches (off the page, hidden from assistive technology, out of the tab order, never filled in
 * by the browser) and form-filling scripts fill.
 */
function humanProofFields(proof: string): string {
  const { proof: proofName, honeypot } = HUMAN_PROOF_FIELDS;
  return `<input type="hidden" name="${proofName}" value="${h(proof)}"><div class="hp" aria-hidden="true"><label for="${honeypot}">Website</label><input id="${honeypot}" name="${honeypot}" tabindex="-1" autocomplete="off"></div>`;
}

/** What the form leads to once the application is stored. */
export function applicationSentPage(p: {
  boardName: string;
  job: Pick<Job, 'id' | 'title' | 'organization'>;
  email: string;
}): string {
  return page(
    `${APPLICATION_MESSAGES.sentTitle} - ${p.boardName}`,
    `<h1>${h(APPLICATION_MESSAGES.sentTitle)}</h1><p role="status">${h(APPLICATION_MESSAGES.sent(p.job.title, p.job.organization, p.email))}</p><p><a href="/jobs/${h(p.job.id)}">Back to the job</a> · <a href="/">All jobs</a></p>`,
  );
}

/** A job that takes no application here (ended, or by another way). */
export function noApplicationPage(p: {
  boardName: string;
  jobId: string;
  message: string;
}): string {
  return page(
    p.boardName,
    `<h1>${h(p.message)}</h1><p><a href="/jobs/${h(p.jobId)}">Back to the job</a> · <a href="/">All jobs</a></p>`,
  );
}
