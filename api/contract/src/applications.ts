import {
  array,
  boolean,
  enums,
  nullable,
  object,
  optional,
  string,
  type Context,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { JOB_LIMITS } from './job-limits';
import { httpUrl } from './urls';
import { CONTACT_EMAIL_MAX, isContactEmail } from './email-key';

/**
 * Applying on the board (issue 42, docs/product.md#applying): how a job takes applications, the
 * applicant's form, the employer's inbox (its structs and texts in application-inbox.ts, which
 * the same entry exports). Every limit and message of it lives here; the dialog, the server-drawn
 * form and the API import them.
 */

// ---- how a job takes applications -------------------------------------------------------------

/**
 * What the employer (or an admin, or a sync) chose: a link to their own page, an e-mail address the
 * board relays each application to (never shown), or the board's form into the employer's inbox.
 */
export const APPLY_METHODS = ['link', 'email', 'form'] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

/** What the form shows for each way (submission, admin and proposal forms alike). */
export const APPLY_METHOD_LABELS: Record<ApplyMethod, string> = {
  link: 'A link to our own application page',
  email: 'Applications by e-mail (we relay them; the address is never shown)',
  form: "The board's application form (applications arrive in your employer inbox)",
};

/**
 * How a job takes applications as the public sees it: `link` (its `applicationUrl`), `board` (the
 * board's form; whether it is relayed by e-mail is nobody's business but the employer's) or `none`
 * (its `howToApply` text says how, and there is no apply button).
 */
export const PUBLIC_APPLY_METHODS = ['link', 'board', 'none'] as const;
export type PublicApplyMethod = (typeof PUBLIC_APPLY_METHODS)[number];

export const SCREENING_KINDS = ['text', 'yesNo', 'choice'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];

export const SCREENING_KIND_LABELS: Record<ScreeningKind, string> = {
  text: 'Short answer',
  yesNo: 'Yes / no',
  choice: 'One of a list',
};

/** One question the employer asks every applicant. `id` is `q1`..`q5`, stable while it exists. */
export const ScreeningQuestion = object({
  id: string(),
  kind: enums(SCREENING_KINDS),
  label: string(),
  required: boolean(),
  /** The choices of a `choice` question (two to ten); empty for the other kinds. */
  choices: array(string()),
});
export type ScreeningQuestion = Infer<typeof ScreeningQuestion>;

/** A job's way of applying in its public answer (Job.apply). */
export const JobApply = object({
  method: enums(PUBLIC_APPLY_METHODS),
  /** The questions the board's form asks (empty unless `board`). */
  questions: array(ScreeningQuestion),
  /** The job's own words on applying ('Send a cover letter to...'), when it has them. */
  howToApply: optional(string()),
});
export type JobApply = Infer<typeof JobApply>;

/** What a job's row holds about applying (every writer's input uses these names). */
export interface ApplyFields {
  applyMethod: ApplyMethod | null;
  applicationUrl: string | null;
  applicationEmail: string | null;
  howToApply: string | null;
  screeningQuestions: ScreeningQuestion[];
}

/**
 * The one rule of how a job takes applications (docs/product.md#applying). A job of an earlier
 * release (no method) takes them by its link when that is a usable web address, else not on the
 * board. A relayed address that went missing takes none rather than pretending.
 */
export function publicApplyMethod(
  fields: Pick<ApplyFields, 'applyMethod' | 'applicationUrl' | 'applicationEmail'>,
): PublicApplyMethod {
  switch (fields.applyMethod) {
    case 'form':
      return 'board';
    case 'email':
      return fields.applicationEmail ? 'board' : 'none';
    default:
      return httpUrl(fields.applicationUrl) ? 'link' : 'none';
  }
}

export const APPLY_LIMITS = {
  questions: 5,
  questionLabel: 300,
  choices: 10,
  choice: 100,
  howToApply: 2000,
  applicationEmail: CONTACT_EMAIL_MAX,
} as const;

export const APPLY_FIELD_MESSAGES = {
  method: 'Please choose how candidates apply',
  applicationUrl: 'Please enter a valid URL',
  applicationEmail: 'Please enter the e-mail address applications go to',
  howToApply: `Please keep how to apply under ${APPLY_LIMITS.howToApply} characters`,
  tooManyQuestions: `Please ask at most ${APPLY_LIMITS.questions} questions`,
  questionLabel: `Please write each question (at most ${APPLY_LIMITS.questionLabel} characters)`,
  choices: `A question with a list needs 2 to ${APPLY_LIMITS.choices} choices of at most ${APPLY_LIMITS.choice} characters`,
  /** A job without an employer who signs in (an admin's or a sync's) has nobody to read an inbox. */
  formNeedsEmployer:
    'Only a listing an employer submitted has an applicant inbox: choose a link or an e-mail address',
  /** A question sent in a shape the form never makes (a script's, not a person's). */
  questionShape: 'Please give each question a kind, its wording and whether it must be answered',
} as const;

/** What the forms show beside the apply fields (submission, admin and proposal forms alike). */
export const APPLY_FIELD_LABELS = {
  method: 'How should candidates apply?',
  applicationEmail: 'E-mail address applications go to',
  applicationEmailHint: 'Never shown on the board: each application is relayed to it.',
  howToApply: 'How to apply (optional)',
  howToApplyHint:
    "Your own words on applying, shown on the job's page (for example what to include).",
  questions: 'Screening questions (optional)',
  questionsHint: `Up to ${APPLY_LIMITS.questions} questions every applicant answers on the board's form.`,
  addQuestion: 'Add a question',
  removeQuestion: 'Remove',
  question: (n: number) => `Question ${n}`,
  questionKind: 'Kind of answer',
  questionLabel: 'Question',
  questionRequired: 'Must be answered',
  questionChoices: 'Choices (one per line)',
} as const;

/**
 * The messages of a job's apply fields, by field (`screeningQuestions` for the list): empty when
 * they hold together. The method's own field is required (a link needs its URL, relaying its
 * address); the others are kept as given.
 */
export function applyFieldErrors(fields: Partial<ApplyFields>): Record<string, string> {
  const errors: Record<string, string> = {};
  const method = fields.applyMethod ?? null;
  if (method !== null && !(APPLY_METHODS as readonly string[]).includes(method)) {
    errors.applyMethod = APPLY_FIELD_MESSAGES.method;
  }
  if (method === 'email' && !isContactEmail(fields.applicationEmail ?? '')) {
    errors.applicationEmail = APPLY_FIELD_MESSAGES.applicationEmail;
  } else if (fields.applicationEmail && !isContactEmail(fields.applicationEmail)) {
    errors.applicationEmail = APPLY_FIELD_MESSAGES.applicationEmail;
  }
  if ((fields.howToApply ?? '').length > APPLY_LIMITS.howToApply) {
    errors.howToApply = APPLY_FIELD_MESSAGES.howToApply;
  }
  const questions = fields.screeningQuestions ?? [];
  if (questions.length > APPLY_LIMITS.questions) {
    errors.screeningQuestions = APPLY_FIELD_MESSAGES.tooManyQuestions;
  } else {
    for (const question of questions) {
      const label = question.label.trim();
      if (!label || label.length > APPLY_LIMITS.questionLabel) {
        errors.screeningQuestions = APPLY_FIELD_MESSAGES.questionLabel;
        break;
      }
      if (question.kind === 'choice') {
        const choices = question.choices.map((c) => c.trim()).filter(Boolean);
        if (
          choices.length < 2 ||
          choices.length > APPLY_LIMITS.choices ||
          choices.some((c) => c.length > APPLY_LIMITS.choice)
        ) {
          errors.screeningQuestions = APPLY_FIELD_MESSAGES.choices;
          break;
        }
      }
    }
  }
  return errors;
}

/**
 * The questions as stored: trimmed, numbered `q1`.. in their order, choices only on a list
 * question (the ids an applicant's answers are keyed by).
 */
export function normaliseQuestions(questions: readonly ScreeningQuestion[]): ScreeningQuestion[] {
  return questions.slice(0, APPLY_LIMITS.questions).map((question, index) => ({
    id: `q${index + 1}`,
    kind: question.kind,
    label: question.label.trim(),
    required: question.required,
    choices:
      question.kind === 'choice' ? question.choices.map((c) => c.trim()).filter(Boolean) : [],
  }));
}

/** The stored JSON of a job's questions, read leniently (a damaged value is no questions). */
export function parseQuestions(json: string | null | undefined): ScreeningQuestion[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as ScreeningQuestion[]) : [];
  } catch {
    return [];
  }
}

// ---- the apply fields of a form ------------------------------------------------------------

/** A field's sibling in the object being checked (superstruct's branch: ..., parent, value). */
function sibling(context: Context, key: string): unknown {
  const parent: unknown = context.branch[context.branch.length - 2];
  return parent && typeof parent === 'object'
    ? (parent as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The method a form's body asks for. None given is 'link': the board's only way before issue 42,
 * so an older client, which sends no method, is checked exactly as it was.
 */
export const formApplyMethod = (given: unknown): ApplyMethod =>
  (APPLY_METHODS as readonly unknown[]).includes(given) ? (given as ApplyMethod) : 'link';

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The questions' own rules (applyFieldErrors), for a list of any shape: a message, or true. */
/** The questions as the OpenAPI document states them (their check: questionsCheck). */
const QUESTIONS_SCHEMA = {
  type: 'array',
  maxItems: APPLY_LIMITS.questions,
  items: {
    type: 'object',
    required: ['kind', 'label', 'required'],
    properties: {
      id: { type: 'string' },
      kind: { enum: SCREENING_KINDS },
      label: { type: 'string', maxLength: APPLY_LIMITS.questionLabel },
      required: { type: 'boolean' },
      choices: {
        type: 'array',
        maxItems: APPLY_LIMITS.choices,
        items: { type: 'string', maxLength: APPLY_LIMITS.choice },
      },
    },
  },
};

function questionsCheck(value: unknown): true | string {
  if (value === undefined || value === null) return true;
  const shaped =
    Array.isArray(value) &&
    value.every(
      (q: unknown) =>
        q !== null &&
        typeof q === 'object' &&
        (SCREENING_KINDS as readonly unknown[]).includes((q as ScreeningQuestion).kind) &&
        typeof (q as ScreeningQuestion).label === 'string' &&
        typeof (q as ScreeningQuestion).required === 'boolean' &&
        ((q as ScreeningQuestion).choices === undefined ||
          (Array.isArray((q as ScreeningQuestion).choices) &&
            (q as ScreeningQuestion).choices.every((c: unknown) => typeof c === 'string'))),
    );
  if (!shaped) return APPLY_FIELD_MESSAGES.questionShape;
  const questions = (value as ScreeningQuestion[]).map((q) => ({ ...q, choices: q.choices ?? [] }));
  return applyFieldErrors({ screeningQuestions: questions }).screeningQuestions ?? true;
}

/**
 * The apply fields of a form's body (the submission's, the admin's, the employer's proposal), each
 * checked beside the method the same body gives (none: 'link'), so every message shows at once:
 * the link's address is required for a link (`link`'s own rule: the submission's and the admin's
 * forms word theirs), the relayed address for e-mail (checked when given otherwise too).
 * Whether a method suits the job (the board's form needs an employer) is the API's to say.
 */
export function applyFieldRules(link: (value: unknown) => true | string) {
  return {
    applyMethod: optional(
      described<ApplyMethod>(
        'applyMethod',
        { enum: APPLY_METHODS },
        (value) =>
          (APPLY_METHODS as readonly unknown[]).includes(value) || APPLY_FIELD_MESSAGES.method,
      ),
    ),
    // Checked only for a link: the form hides the field for the other ways, so a message on it
    // could not be seen (and a writer keeps a link only when it is a web address).
    applicationUrl: described<string>(
      'applicationUrl',
      {
        type: 'string',
        maxLength: JOB_LIMITS.applicationUrl,
        description:
          'The http(s) address to apply at: needed when `applyMethod` is `link` (the default).',
      },
      (value, context) =>
        formApplyMethod(sibling(context, 'applyMethod')) !== 'link' ? true : link(value),
    ),
    applicationEmail: optional(
      nullable(
        described<string>(
          'applicationEmail',
          {
            type: 'string',
            maxLength: APPLY_LIMITS.applicationEmail,
            description:
              'The address applications are relayed to: needed when `applyMethod` is `email`.',
          },
          (value, context) => {
            const needed = formApplyMethod(sibling(context, 'applyMethod')) === 'email';
            if (!needed && blank(value)) return true;
            return (
              (typeof value === 'string' &&
                value.length <= APPLY_LIMITS.applicationEmail &&
                isContactEmail(value)) ||
              APPLY_FIELD_MESSAGES.applicationEmail
            );
          },
        ),
      ),
    ),
    howToApply: optional(
      nullable(
        described<string>(
          'howToApply',
          { type: 'string', maxLength: APPLY_LIMITS.howToApply },
          (value) =>
            (typeof value === 'string' && value.length <= APPLY_LIMITS.howToApply) ||
            APPLY_FIELD_MESSAGES.howToApply,
        ),
      ),
    ),
    screeningQuestions: optional(
      described<ScreeningQuestion[]>('screeningQuestions', QUESTIONS_SCHEMA, questionsCheck),
    ),
  };
}

/** The apply fields as a form holds them (every one a value: the choices are text to type). */
export interface ApplyFormValues {
  applyMethod?: ApplyMethod;
  applicationUrl: string;
  applicationEmail?: string | null;
  howToApply?: string | null;
  screeningQuestions?: ScreeningQuestion[];
}

/**
 * A form's apply fields as a writer stores them: the method ('link' when none is given), the link
 * (when it is a web address) and the relayed address trimmed (null when blank), the words trimmed,
 * the questions normalised.
 */
export function storedApplyFields(form: ApplyFormValues): ApplyFields {
  const trimmed = (value: string | null | undefined) => value?.trim() || null;
  return {
    applyMethod: formApplyMethod(form.applyMethod),
    // A link typed before another way was chosen is kept only when it is a web address.
    applicationUrl: httpUrl(trimmed(form.applicationUrl)) ?? null,
    applicationEmail: trimmed(form.applicationEmail),
    howToApply: trimmed(form.howToApply),
    screeningQuestions: normaliseQuestions(form.screeningQuestions ?? []),
  };
}

/** How a change of the apply fields reads (the history, a proposal's diff): words, not codes. */
export function applyValueInWords(field: string, value: unknown): string | undefined {
  if (field === 'applyMethod' && typeof value === 'string') {
    return APPLY_METHOD_LABELS[value as ApplyMethod] ?? value;
  }
  if (field === 'screeningQuestions' && typeof value === 'string') {
    const questions = parseQuestions(value);
    return questions.length
      ? questions
          .map((q) => {
            const kind = SCREENING_KIND_LABELS[q.kind] ?? q.kind;
            const choices = q.choices.length ? `: ${q.choices.join(' / ')}` : '';
            return `${q.label} (${kind}${q.required ? ', must be answered' : ''}${choices})`;
          })
          .join('; ')
      : 'None';
  }
  return undefined;
}

export * from './applicant-form';
