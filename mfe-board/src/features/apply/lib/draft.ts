import { APPLICATION_FIELDS, type ApplicationFields } from '@jobboard/contract/applications';

/**
 * What an applicant typed into a job's form, kept in this browser until the application is sent
 * (docs/product.md#applying): a closed dialog, a failed send or a reload loses nothing typed. The
 * résumé is not kept (a file cannot be), nor anything but text.
 */
export type ApplicationDraft = ApplicationFields;

const KEY_PREFIX = 'job_board_application:';

const keyOf = (jobId: string) => `${KEY_PREFIX}${jobId}`;

/** The draft as the form holds it: every text field, each answer (values a form left unset are empty). */
export function draftOf(values: Partial<ApplicationDraft>): ApplicationDraft {
  const draft: ApplicationDraft = {
    name: '',
    email: '',
    phone: '',
    links: '',
    coverNote: '',
    answers: {},
  };
  for (const field of APPLICATION_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') draft[field] = value;
  }
  const answers = Array.isArray(values.answers) ? {} : (values.answers ?? {});
  for (const [id, answer] of Object.entries(answers)) {
    if (typeof answer === 'string') draft.answers[id] = answer;
  }
  return draft;
}

/** The job's draft, or null when there is none (or storage cannot be read, or holds no draft). */
export function loadDraft(jobId: string): ApplicationDraft | null {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(keyOf(jobId)) ?? 'null');
    return kept && typeof kept === 'object' ? draftOf(kept as Partial<ApplicationDraft>) : null;
  } catch {
    return null;
  }
}

export function saveDraft(jobId: string, values: Partial<ApplicationDraft>): void {
  try {
    window.localStorage.setItem(keyOf(jobId), JSON.stringify(draftOf(values)));
  } catch {
    // Storage full or blocked: the form still holds what was typed while it is open.
  }
}

/** Sent: the draft has done its work. */
export function clearDraft(jobId: string): void {
  try {
    window.localStorage.removeItem(keyOf(jobId));
  } catch {
    // Blocked storage kept nothing to clear.
  }
}
