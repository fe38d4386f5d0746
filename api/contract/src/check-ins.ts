import { boolean, enums, integer, min, nullable, object, string, type Infer } from 'superstruct';
import { described } from './json-schema';
import { formatUsDate } from './dates';

/**
 * "Still hiring?" check-ins (issue 45): at set ages of a live listing its employer is e-mailed two
 * one-press links, "Still open" and "Filled"; a check-in left unanswered is flagged for the admins
 * and, if they set it, takes the listing off the board. The texts the e-mail's page, the admin's
 * screens and the API's answers share, and the admins' settings with their checks.
 */

/** What an employer may answer: still open (it stays, confirmed), or filled (it leaves the board). */
export const CHECK_IN_ANSWERS = ['open', 'filled'] as const;
export type CheckInAnswer = (typeof CHECK_IN_ANSWERS)[number];

export const CHECK_IN_LIMITS = {
  /** The oldest age a check-in may be set at, in days after the listing went live. */
  maxAgeDays: 365,
  /** How many ages the setting holds at most. */
  maxAges: 6,
  /** Days to answer before a check-in is flagged: from 1 to this. */
  maxAnswerDays: 60,
} as const;

/** The form of a check-in link's token, 32 random bytes in base64url (anything else names none). */
export const CHECK_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The admins' check-in settings as a setting never saved has them. */
export const DEFAULT_CHECK_IN_SETTINGS = {
  /** Days after a listing went live on which its employer is asked; empty: check-ins are off. */
  checkInDays: [14, 28] as number[],
  /** Days after the e-mail from which a check-in without an answer is flagged. */
  checkInAnswerDays: 7,
  /** A flagged listing leaves the board (switched off, never deleted). */
  checkInAutoClose: false,
};

/** How an answer reads in a sentence. */
export const CHECK_IN_ANSWER_WORDS: Record<CheckInAnswer, string> = {
  open: 'still open',
  filled: 'filled',
};

/** Every text of the check-ins: the admins' settings, the e-mail's page, the admin's flag. */
export const CHECK_IN_MESSAGES = {
  // ---- the admins' settings ----
  settingsTitle: 'Still hiring? check-ins',
  settingsIntro:
    'Employers are asked by e-mail whether their listing is still open at the ages set here. One press answers: "Still open" keeps it on the board, "Filled" takes it off.',
  daysLabel: 'Ask at these ages (days after the listing went live)',
  daysHelp:
    'Separate the days with commas, for example 14, 28. Write off (or leave it empty) to send no check-ins.',
  daysInvalid: `Write whole days from 1 to ${CHECK_IN_LIMITS.maxAgeDays} separated by commas (for example 14, 28), each once and at most ${CHECK_IN_LIMITS.maxAges}, or off.`,
  answerDaysLabel: 'Days to answer',
  answerDaysHelp:
    'A check-in without an answer this many days after its e-mail is flagged on the jobs list.',
  answerDaysInvalid: `Days to answer is a whole number from 1 to ${CHECK_IN_LIMITS.maxAnswerDays}.`,
  autoCloseLabel: 'Take unanswered listings off the board',
  autoCloseHelp:
    'Off by default. On, a flagged listing is switched off (never deleted) with the reason in its history, and its employer is told by e-mail; switch it on again to restore it.',
  save: 'Save check-in settings',
  saved: 'Check-in settings saved.',
  unansweredCount: (count: number) =>
    count === 1
      ? '1 listing has an unanswered check-in.'
      : `${count} listings have an unanswered check-in.`,
  showUnanswered: 'Show them on the jobs list',

  // ---- the admin's jobs list and job page ----
  unansweredFilter: (count: number) => `Unanswered check-ins (${count})`,
  unansweredFlag: 'Check-in unanswered',
  unansweredSince: (asked: string) => `Asked on ${formatUsDate(asked)}, no answer`,
  closedForNoAnswer: (on: string) => `Taken off the board on ${formatUsDate(on)} for no answer`,
  confirmedOpen: (on: string) => `Still open: confirmed on ${formatUsDate(on)}`,
  answeredFilled: (on: string) => `Filled: answered on ${formatUsDate(on)}`,
  awaitingAnswer: (asked: string) =>
    `Check-in sent on ${formatUsDate(asked)}, waiting for an answer`,
  /** The job's history line when the board takes it off for no answer (by 'system'). */
  closedDetail: (asked: string) => `No answer to the still-hiring check-in of ${asked}`,

  // ---- the e-mail's page ----
  pageTitle: 'Is this job still open?',
  pageListing: (title: string, organization: string, asked: string) =>
    `"${title}" at ${organization}: we asked on ${formatUsDate(asked)}.`,
  pressOpen: 'Yes, it is still open',
  pressFilled: 'It has been filled',
  pageHint: 'Nothing changes until you press the button.',
  thanksTitle: 'Thank you',
  answeredOpen: (title: string, on: string) =>
    `"${title}" stays on the board: we noted on ${formatUsDate(on)} that it is still open.`,
  answeredFilledPage: (title: string) => `"${title}" is marked filled and is off the board.`,
  allListings: 'See all your listings',
  loading: 'Loading the check-in…',
  failed: 'The check-in could not be answered. Please try again.',
  linkInvalid:
    'This check-in link does not work. You can see and manage your listings from your listings page instead.',
  linkUsed: (on: string, answer: CheckInAnswer) =>
    `This check-in was answered on ${formatUsDate(on)}: ${CHECK_IN_ANSWER_WORDS[answer]}. To change the listing now, use your listings page.`,
  linkSuperseded:
    'This check-in link has expired: we sent a newer check-in about this listing. Please use the newest e-mail.',
  notOnBoard: 'This listing is no longer on the board, so there is nothing to answer.',

  // ---- the employer's listings page ----
  employerAwaiting: (asked: string) =>
    `Still hiring? We asked on ${formatUsDate(asked)}: use the links in that e-mail to answer.`,
  employerAnswered: (answer: CheckInAnswer, on: string) =>
    `Still hiring? You answered "${CHECK_IN_ANSWER_WORDS[answer]}" on ${formatUsDate(on)}.`,
  employerUnanswered: (asked: string) =>
    `Still hiring? Our check-in of ${formatUsDate(asked)} has no answer.`,
} as const;

const isAge = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= CHECK_IN_LIMITS.maxAgeDays;

/** The ages setting: whole days, each once, at most CHECK_IN_LIMITS.maxAges; empty is off. */
export const CheckInDays = described<number[]>(
  'checkInDays',
  {
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: CHECK_IN_LIMITS.maxAgeDays },
    maxItems: CHECK_IN_LIMITS.maxAges,
    uniqueItems: true,
  },
  (value) =>
    (Array.isArray(value) &&
      value.length <= CHECK_IN_LIMITS.maxAges &&
      value.every(isAge) &&
      new Set(value).size === value.length) ||
    CHECK_IN_MESSAGES.daysInvalid,
);

/** The days-to-answer setting. */
export const CheckInAnswerDays = described<number>(
  'checkInAnswerDays',
  { type: 'integer', minimum: 1, maximum: CHECK_IN_LIMITS.maxAnswerDays },
  (value) =>
    (typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= 1 &&
      value <= CHECK_IN_LIMITS.maxAnswerDays) ||
    CHECK_IN_MESSAGES.answerDaysInvalid,
);

/** The settings' fields (AdminSettings holds them beside the others). */
export const CHECK_IN_SETTING_FIELDS = {
  checkInDays: CheckInDays,
  checkInAnswerDays: CheckInAnswerDays,
  checkInAutoClose: boolean(),
};

/**
 * The ages as an admin types them ('14, 28'; 'off' or nothing: none), in order; undefined when
 * the text is not such a list (CHECK_IN_MESSAGES.daysInvalid says what is).
 */
export function parseCheckInDays(text: string): number[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'off') return [];
  const parts = trimmed.split(/\s*[,;\s]\s*/);
  if (!parts.every((part) => /^\d{1,4}$/.test(part))) return undefined;
  const days = parts.map(Number).sort((a, b) => a - b);
  return CheckInDays.is(days) ? days : undefined;
}

/** The ages as the settings field shows them: '14, 28', or 'off'. */
export const checkInDaysText = (days: readonly number[]): string =>
  days.length ? days.join(', ') : 'off';

/**
 * A listing's latest check-in as the admins and its employer see it (ISO 8601 instants). Flagged
 * (`unansweredAt`): no answer within the days to answer; `closedAt`: that took it off the board.
 */
export const CheckInState = object({
  askedAt: string(),
  ageDays: min(integer(), 1),
  answer: nullable(enums(CHECK_IN_ANSWERS)),
  answeredAt: nullable(string()),
  unansweredAt: nullable(string()),
  closedAt: nullable(string()),
});
export type CheckInState = Infer<typeof CheckInState>;

/** `GET /api/check-ins/:token`: the listing the check-in asks about, before the button is pressed. */
export const CheckInView = object({
  title: string(),
  organization: string(),
  /** When the e-mail was sent (ISO 8601). */
  askedAt: string(),
  ageDays: min(integer(), 1),
});
export type CheckInView = Infer<typeof CheckInView>;

/** `POST /api/check-ins/:token`: the button's answer. */
export const CheckInReply = object({ answer: enums(CHECK_IN_ANSWERS) });
export type CheckInReply = Infer<typeof CheckInReply>;

/** What the page says once the answer is recorded. */
export const CheckInAnswered = object({
  answer: enums(CHECK_IN_ANSWERS),
  title: string(),
  organization: string(),
  answeredAt: string(),
  message: string(),
});
export type CheckInAnswered = Infer<typeof CheckInAnswered>;

/** The day (YYYY-MM-DD, UTC) of an instant the API answers, as the texts take dates. */
const dayOf = (instant: string) => instant.slice(0, 10);

/** A listing's latest check-in in one line on the employer's page. */
export function employerCheckInLine(state: CheckInState): string {
  if (state.answer && state.answeredAt) {
    return CHECK_IN_MESSAGES.employerAnswered(state.answer, dayOf(state.answeredAt));
  }
  return state.unansweredAt
    ? CHECK_IN_MESSAGES.employerUnanswered(dayOf(state.askedAt))
    : CHECK_IN_MESSAGES.employerAwaiting(dayOf(state.askedAt));
}

/**
 * A listing's latest check-in as the admin's job list and job page show it: its words, and
 * whether it is flagged (no answer in time: the list's filter finds it).
 */
export function adminCheckInLine(state: CheckInState): { text: string; flagged: boolean } {
  if (state.answer && state.answeredAt) {
    const on = dayOf(state.answeredAt);
    return {
      text:
        state.answer === 'open'
          ? CHECK_IN_MESSAGES.confirmedOpen(on)
          : CHECK_IN_MESSAGES.answeredFilled(on),
      flagged: false,
    };
  }
  if (state.closedAt) {
    return { text: CHECK_IN_MESSAGES.closedForNoAnswer(dayOf(state.closedAt)), flagged: true };
  }
  if (state.unansweredAt) {
    return { text: CHECK_IN_MESSAGES.unansweredSince(dayOf(state.askedAt)), flagged: true };
  }
  return { text: CHECK_IN_MESSAGES.awaitingAnswer(dayOf(state.askedAt)), flagged: false };
}
