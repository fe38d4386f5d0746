import { define, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { formatAmount, formatMoney } from './money';

/**
 * A job's pay (docs/product.md#pay): the one home of how pay is read (a form's figures, a
 * source's words), checked, shown, compared across periods and told to Google. Every path that
 * writes a job (the public form, the admin form, the employer's proposals, Airtable, the JSON
 * feed) and every place that shows one (the board, the admin, e-mails, feeds, exports, receipts)
 * goes through this module.
 */

/**
 * What pay is counted per. A time period has a factor to a year (`perYear`, the annual
 * equivalent the salary filters and sorts compare: 2,080 working hours, 260 working days, 52
 * weeks, 12 months) and Google's `unitText`; a total (a stipend, a fixed fee) is paid once for
 * the whole engagement and has neither.
 */
export const PAY_PERIODS = [
  { value: 'hour', label: 'Per hour', phrase: 'an hour', perYear: 2080, unitText: 'HOUR' },
  { value: 'day', label: 'Per day', phrase: 'a day', perYear: 260, unitText: 'DAY' },
  { value: 'week', label: 'Per week', phrase: 'a week', perYear: 52, unitText: 'WEEK' },
  { value: 'month', label: 'Per month', phrase: 'a month', perYear: 12, unitText: 'MONTH' },
  { value: 'year', label: 'Per year', phrase: 'a year', perYear: 1, unitText: 'YEAR' },
  {
    value: 'stipend',
    label: 'Stipend (in total)',
    phrase: 'stipend',
    perYear: null,
    unitText: null,
  },
  {
    value: 'fee',
    label: 'Fixed fee (in total)',
    phrase: 'fixed fee',
    perYear: null,
    unitText: null,
  },
] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number]['value'];
export const PAY_PERIOD_VALUES = PAY_PERIODS.map((p) => p.value) as PayPeriod[];

/** A form or a client that does not say what the figures are per means a year (what the forms asked before periods). */
export const DEFAULT_PAY_PERIOD: PayPeriod = 'year';

/** The board's currency when the operator sets none (BOARD_CURRENCY). */
export const DEFAULT_CURRENCY = 'USD';

export const periodOf = (value: PayPeriod) => PAY_PERIODS.find((p) => p.value === value)!;

/** Whether pay per `period` is paid once for the whole engagement (a stipend, a fixed fee). */
export const isTotalPeriod = (period: PayPeriod): boolean => periodOf(period).perYear === null;

/** The periods of pay given in total (the salary filter's 'Stipends and fixed fees'). */
export const TOTAL_PAY_PERIODS: PayPeriod[] = PAY_PERIOD_VALUES.filter(isTotalPeriod);

/**
 * The limits of pay, wherever it is written. The one ceiling is an annual equivalent (a total
 * has it as its own figure), so each period's largest figure is that over its factor: $4,807.69
 * an hour, $833,333.33 a month. It keeps the annual figures within PostgreSQL's int4 and the
 * figures, held in cents, too.
 */
export const PAY_LIMITS = {
  /** The largest pay a listing may show, as a year's (or a total's) figure. */
  annual: 10_000_000,
  /** Figures have at most this many decimals (cents). */
  decimals: 2,
  /** jobs.benefits_summary */
  benefits: 200,
  /** jobs.salary_text: pay in words ('Competitive, depends on experience'). */
  text: 200,
} as const;

/** Every message about pay, on every form and in the sync's reasons, word for word. */
export const PAY_MESSAGES = {
  amount: 'Please enter an amount in figures, such as 65000 or 27.50',
  /** In `currency` when the form names one; else the figure alone (the board's is not known here). */
  tooLarge: (period: PayPeriod, currency?: string) =>
    `Please enter at most ${
      currency ? formatMoney(maxAmount(period), currency) : formatAmount(maxAmount(period))
    } ${periodOf(period).phrase}`,
  order: 'Maximum salary must be at least the minimum salary',
  period: 'Please choose what the pay is per: an hour, a day, a week, a month, a year, or in total',
  currency: 'Please enter a currency by its three-letter code, such as USD',
  benefits: `Please keep the benefits under ${PAY_LIMITS.benefits} characters`,
  text: `Please keep the pay in words under ${PAY_LIMITS.text} characters`,
  /** The public form asks for pay (docs/product.md#pay: pay transparency). */
  required:
    'Please give the salary (at least a minimum or a maximum): we only post roles that include one',
  /** Why a listing without pay is not on the board while the pay rule is on (admin, last sync). */
  held: 'Held back: no pay given. The board’s pay rule asks every listing to show its pay.',
} as const;

/** The pay fields' labels, alike on the public form, the employer's proposal and the admin form. */
export const PAY_FIELD_LABELS = {
  legend: 'Pay',
  min: 'Minimum pay',
  max: 'Maximum pay',
  period: 'Pay is',
  currency: 'Currency',
  benefits: 'Benefits (optional)',
  benefitsHint: 'One line, such as: Health, dental and vision; 403(b) with a 5% match',
  text: 'Pay in words (only when there are no figures)',
  textHint:
    'Such as "Competitive". Words that read as pay ("$25 - $30 an hour") become its figures.',
  amountHint: 'Figures only, such as 65000 or 27.50.',
} as const;

/** Why the public form asks for pay, under its heading (docs/product.md#pay). */
export const PAY_TRANSPARENCY_NOTE =
  'We only post roles submitted here when they include a salary. Pay transparency saves everyone time, and Colorado, Washington, California and New York require a pay range in job postings: give the range, what it is per (an hour, a month, a year, or a stipend in total), and the benefits.';

/** The largest figure pay per `period` may have (PAY_LIMITS.annual over its factor, in cents). */
export function maxAmount(period: PayPeriod): number {
  const perYear = periodOf(period).perYear ?? 1;
  return Math.floor((PAY_LIMITS.annual * 100) / perYear) / 100;
}

/**
 * A job's pay. Figures are in the currency's units with at most two decimals (`27.5` is $27.50);
 * either may be absent (`min` alone: 'From $60,000 a year'; `max` alone: 'Up to ...'; equal: one
 * figure). `text` is pay in words, kept when there are no figures ('Competitive'); `benefits` a
 * short summary ('Health, dental, 403(b) match') shown beside the pay.
 */
export interface Pay {
  min: number | null;
  max: number | null;
  period: PayPeriod;
  currency: string;
  text: string | null;
  benefits: string | null;
}

export const NO_PAY: Pay = {
  min: null,
  max: null,
  period: DEFAULT_PAY_PERIOD,
  currency: DEFAULT_CURRENCY,
  text: null,
  benefits: null,
};

/** Whether a pay has a figure (what the pay rule asks every listing for). */
export const hasFigures = (pay: Pick<Pay, 'min' | 'max'> | null | undefined): boolean =>
  pay != null && (pay.min != null || pay.max != null);

/** A job's pay as the API answers it (Job.pay): present when it has figures or benefits. */
export const JobPay = object({
  min: nullable(number()),
  max: nullable(number()),
  period: enums(PAY_PERIOD_VALUES),
  currency: string(),
  benefits: optional(string()),
});
export type JobPay = Infer<typeof JobPay>;

/**
 * The deprecated `salaryMin` / `salaryMax` of the API's answers (and the previous release's
 * columns): a yearly pay's figures in whole units, none for a pay per another period, so an older
 * board shows the pay line (`salary`), which says the period, instead of figures it takes for a
 * year's.
 */
export function yearlyFigures(pay: Pick<Pay, 'min' | 'max' | 'period'>): {
  salaryMin: number | null;
  salaryMax: number | null;
} {
  const whole = (amount: number | null) =>
    pay.period === 'year' && amount != null ? Math.round(amount) : null;
  return { salaryMin: whole(pay.min), salaryMax: whole(pay.max) };
}

/** A pay as the API answers it: figures, period, currency and benefits (the words are `salary`). */
export function jobPayOf(pay: Pay): JobPay | undefined {
  if (!hasFigures(pay) && !pay.benefits) return undefined;
  return {
    min: pay.min,
    max: pay.max,
    period: pay.period,
    currency: pay.currency,
    ...(pay.benefits ? { benefits: pay.benefits } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Currencies

const KNOWN_CURRENCIES: ReadonlySet<string> | null = (() => {
  try {
    return new Set(Intl.supportedValuesOf('currency'));
  } catch {
    return null;
  }
})();

/** Whether `code` is an ISO 4217 currency code this runtime formats ('USD', 'CAD', 'EUR'). */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  return KNOWN_CURRENCIES ? KNOWN_CURRENCIES.has(code) : true;
}

/** Currencies the forms offer first (any other ISO 4217 code is accepted too). */
export const COMMON_CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD'] as const;

// ---------------------------------------------------------------------------------------------
// Figures typed into a form

/**
 * An amount as a form's field or a source's figure gives it: digits, with commas or a currency
 * sign allowed ('65,000', '$27.50', 65000). Null when blank; NaN when it is not an amount (words,
 * a negative number, more than two decimals).
 */
export function parseAmount(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 && hasCents(value) ? value : Number.NaN;
  }
  if (typeof value !== 'string') return Number.NaN;
  const text = value.replace(/[\s,$£€]/g, '');
  if (text === '') return null;
  if (!/^\d{1,12}(?:\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Number(text);
}

const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A figure field of a form: blank, or an amount (its ceiling depends on the period: checkPay). */
export const amountField = define<string | number | null>(
  'amount',
  (value) => !Number.isNaN(parseAmount(value)) || PAY_MESSAGES.amount,
);

/** The period field of a form: one of PAY_PERIODS. */
export const periodField = define<PayPeriod>(
  'payPeriod',
  (value) => (PAY_PERIOD_VALUES as unknown[]).includes(value) || PAY_MESSAGES.period,
);

/** The currency field of a form: an ISO 4217 code (blank: the board's). */
export const currencyField = define<string>(
  'currency',
  (value) => value === '' || isCurrencyCode(value) || PAY_MESSAGES.currency,
);

/** The benefits field of a form: short text. */
export const benefitsField = define<string>(
  'benefits',
  (value) =>
    (typeof value === 'string' && value.length <= PAY_LIMITS.benefits) || PAY_MESSAGES.benefits,
);

/** The pay-in-words field of the admin form and a source. */
export const payTextField = define<string>(
  'payText',
  (value) => (typeof value === 'string' && value.length <= PAY_LIMITS.text) || PAY_MESSAGES.text,
);

/** The pay fields of a form, as a form holds them (figures as typed). */
export interface PayFields {
  salaryMin?: string | number | null;
  salaryMax?: string | number | null;
  salaryPeriod?: PayPeriod | null;
  salaryCurrency?: string | null;
}

/** A problem with a pay, on the field the form shows it at. */
export interface PayProblem {
  path: ['salaryMin' | 'salaryMax' | 'salaryPeriod'];
  message: string;
}

/**
 * The one check of a pay's figures, on every path: each within the period's ceiling, and the
 * maximum not below the minimum. Unreadable figures are their fields' own (amountField).
 */
export function checkPay(fields: PayFields): true | PayProblem {
  const min = parseAmount(fields.salaryMin);
  const max = parseAmount(fields.salaryMax);
  if (Number.isNaN(min) || Number.isNaN(max)) return true;
  const period = fields.salaryPeriod ?? DEFAULT_PAY_PERIOD;
  const currency = fields.salaryCurrency || undefined;
  for (const [field, amount] of [
    ['salaryMin', min],
    ['salaryMax', max],
  ] as const) {
    if (amount !== null && amount > maxAmount(period)) {
      return { path: [field], message: PAY_MESSAGES.tooLarge(period, currency) };
    }
  }
  if (min !== null && max !== null && min > max) {
    return { path: ['salaryMax'], message: PAY_MESSAGES.order };
  }
  return true;
}

/** The public form's rule (docs/product.md#pay): at least one figure. */
export function payGiven(fields: PayFields): true | PayProblem {
  return (
    parseAmount(fields.salaryMin) !== null ||
    parseAmount(fields.salaryMax) !== null || {
      path: ['salaryMin'],
      message: PAY_MESSAGES.required,
    }
  );
}

/**
 * A pay from a form's fields (checked already): the figures, the period (the default when not
 * given), the currency (`boardCurrency` when not given) and the benefits.
 */
export function payFromFields(
  fields: PayFields & { benefitsSummary?: string | null; salaryText?: string | null },
  boardCurrency: string,
): Pay {
  const pay: Pay = {
    min: parseAmount(fields.salaryMin),
    max: parseAmount(fields.salaryMax),
    period: fields.salaryPeriod ?? DEFAULT_PAY_PERIOD,
    currency: fields.salaryCurrency || boardCurrency,
    text: fields.salaryText?.trim() || null,
    benefits: fields.benefitsSummary?.trim() || null,
  };
  return settlePay(pay);
}

/**
 * A pay as it is kept: words that read as figures become them (an admin's 'Salary as written'
 * '$25 - $30 an hour'), and words are kept only when there are no figures.
 */
export function settlePay(pay: Pay): Pay {
  if (hasFigures(pay)) return { ...pay, text: null };
  if (!pay.text) return pay;
  const read = readPayText(pay.text);
  return read ? { ...pay, ...read, currency: read.currency ?? pay.currency, text: null } : pay;
}

/** A pay's figures as a form shows them ('' for none; cents only when there are some). */
export function amountText(amount: number | null | undefined): string {
  if (amount == null) return '';
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Pay in words (a source's 'Salary' text, an old row's text)

/** Figures without a period word are a year's pay only from this much (docs/product.md#pay). */
export const YEARLY_FROM = 10_000;

/** What a text of pay reads as: its figures and period, and its currency when it names one. */
export interface ReadPay {
  min: number | null;
  max: number | null;
  period: PayPeriod;
  currency: string | null;
}

/**
 * Period words, each with the period it names. A word for a time period beats a total's ('a $500
 * monthly stipend' is a month's pay); a word that names no period this board has ('biweekly',
 * 'per semester') leaves the text unread.
 */
const PERIOD_WORDS: { period: PayPeriod | null; pattern: RegExp }[] = [
  { period: null, pattern: /\bbi-?\s?weekly\b|\bbi-?\s?monthly\b|\bfortnight|\bsemi-?monthly\b/ },
  { period: null, pattern: /\bper (?:semester|term|quarter|session|class|course|credit|word)\b/ },
  {
    period: 'hour',
    pattern:
      /\bhourly\b|\b(?:per|an|a|each|\/)\s*(?:hour|hr)s?\b|\/\s*h\b|\bp\/?h\b|\b\d+\s*\/?hr\b/,
  },
  { period: 'day', pattern: /\bdaily\b|\b(?:per|a|each|\/)\s*day\b|\bday rate\b|\bper diem\b/ },
  { period: 'week', pattern: /\bweekly\b|\b(?:per|a|each|\/)\s*(?:week|wk)\b|\bp\/?w\b/ },
  {
    period: 'month',
    pattern: /\bmonthly\b|\b(?:per|a|each|\/)\s*(?:month|mo|mth)\b|\bpcm\b|\bp\/m\b/,
  },
  {
    period: 'year',
    pattern:
      /\byearly\b|\bannual(?:ly)?\b|\bannum\b|\b(?:per|a|each|\/)\s*(?:year|yr)\b|\bp\.?\s?a\.?(?=\s|$|[,;)])|\bsalaried\b/,
  },
  { period: 'stipend', pattern: /\bstipends?\b/ },
  {
    period: 'fee',
    pattern:
      /\b(?:fixed|flat|project|total)\s+(?:fee|rate|price|budget)\b|\bper (?:project|engagement|contract)\b|\bhonorarium\b|\bin total\b|\bfor the (?:project|engagement|contract)\b/,
  },
];

/** A currency sign or code before or after a figure. */
const SIGNS: [RegExp, string][] = [
  [/^(?:us\$|usd)$/i, 'USD'],
  [/^(?:ca\$|c\$|cad)$/i, 'CAD'],
  [/^(?:au\$|a\$|aud)$/i, 'AUD'],
  [/^(?:nz\$|nzd)$/i, 'NZD'],
  [/^\$$/, ''],
  [/^(?:£|gbp)$/i, 'GBP'],
  [/^(?:€|eur)$/i, 'EUR'],
];

const SIGN = String.raw`(?:US\$|CA\$|C\$|AU\$|A\$|NZ\$|\$|£|€|\b(?:USD|CAD|AUD|NZD|GBP|EUR)\b)`;
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)`;
const SCALE = String.raw`(?:\s?([kKmM])\b)?`;
/** One figure: a sign before it or a code after it, then the number and its scale ('$55k'). */
const FIGURE = new RegExp(
  String.raw`(${SIGN})?\s?${NUMBER}${SCALE}(?:\s?(USD|CAD|AUD|NZD|GBP|EUR)\b)?`,
  'g',
);
/** What joins the two figures of a range. */
const RANGE_JOIN = /^\s*(?:-|–|—|to|and|or)\s*$/i;
const FLOOR_WORDS = /\b(?:from|starting(?: at)?|starts at|at least|minimum(?: of)?|min\.?)\s*$/i;
const CEILING_WORDS = /\b(?:up to|to|max(?:imum)?(?: of)?|no more than)\s*$/i;

interface Figure {
  value: number;
  signed: boolean;
  currency: string | null;
  start: number;
  end: number;
  scaled: boolean;
}

function figuresIn(text: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const [whole, sign, digits, cents, scale, codeAfter] = match;
    const start = match.index + whole.search(/\S/);
    // A figure inside a word or a number ('401k', 'H2O', '2026-01-01') is no pay.
    const before = text[start - 1] ?? ' ';
    if (!sign && /[\w./]/.test(before)) continue;
    if (!sign && /^\s*\(k\)/i.test(text.slice(match.index + whole.length))) continue;
    let value = Number(digits!.replace(/,/g, '') + (cents ? `.${cents}` : ''));
    if (scale) value *= scale.toLowerCase() === 'k' ? 1_000 : 1_000_000;
    const code = sign ?? codeAfter ?? '';
    const currency = SIGNS.find(([pattern]) => pattern.test(code.trim()))?.[1] ?? null;
    figures.push({
      value: Math.round(value * 100) / 100,
      signed: Boolean(sign || codeAfter),
      currency: currency || null,
      start,
      end: match.index + whole.length,
      scaled: Boolean(scale),
    });
  }
  return figures;
}

/**
 * What a text of pay says: '$25 - $30 per hour', '$55k-65k annually', '$5,000 stipend', 'Up to
 * $75,000', '£30,000 per annum'. The first figure (with a currency sign, or any figure when the
 * text is only figures) and the one a range joins to it are the pay; the period is the period
 * word nearest them. Null when the text cannot be read: no figure, a period this board has not
 * ('biweekly'), or figures with no period word below YEARLY_FROM (an hour's, a week's or a
 * month's pay could be meant), or past the ceiling. Such a text keeps its words and no figures.
 */
export function readPayText(text: string): ReadPay | null {
  const lower = text.toLowerCase();
  const all = figuresIn(text);
  const anySigned = all.some((f) => f.signed);
  // Without any currency sign, only a text that is figures alone ('65000', '50,000 - 60,000 per
  // year') is read: a bare number elsewhere may be anything (a count, a year, a 401(k)).
  const bare = lower
    .replace(FIGURE, ' ')
    .replace(/[-–—,.;:()/+]|\bto\b|\band\b|\bper\b|\ba\b|\ban\b/g, ' ')
    .trim();
  const usable = anySigned
    ? all
    : PERIOD_WORDS.reduce((rest, { pattern }) => rest.replace(pattern, ' '), bare).trim() === ''
      ? all
      : [];
  let firstIndex = usable.findIndex((f) => f.signed || !anySigned);
  if (firstIndex < 0) return null;
  // '25-30 USD': the code after the second figure of a range is the first's too.
  const before = usable[firstIndex - 1];
  if (before && RANGE_JOIN.test(text.slice(before.end, usable[firstIndex]!.start))) firstIndex--;
  const first = usable[firstIndex]!;
  let second: Figure | undefined = usable[firstIndex + 1];
  if (second && !RANGE_JOIN.test(text.slice(first.end, second.start))) second = undefined;
  let low = first.value;
  let high = second?.value ?? null;
  // '$55-65k': the scale of the second figure is the first's too.
  if (second?.scaled && !first.scaled && first.value * 1_000 <= second.value) low *= 1_000;
  if (high !== null && low > high) [low, high] = [high, low];

  const end = (second ?? first).end;
  const period = periodNear(lower, first.start, end);
  if (period === undefined) return null;
  const lead = text.slice(0, first.start);
  let min: number | null = low;
  let max: number | null = high ?? low;
  if (high === null) {
    if (/^\s*\+/.test(text.slice(first.end)) || FLOOR_WORDS.test(lead)) max = null;
    else if (CEILING_WORDS.test(lead)) min = null;
  }
  const resolved = period ?? (Math.max(min ?? 0, max ?? 0) >= YEARLY_FROM ? 'year' : null);
  if (!resolved) return null;
  if ((min ?? 0) > maxAmount(resolved) || (max ?? 0) > maxAmount(resolved)) return null;
  const currency = first.currency ?? second?.currency ?? null;
  return { min, max, period: resolved, currency };
}

/**
 * The period the words near the figures (from `start` to `end`) name: the nearest after them,
 * else before; a time period over a total when both are said. Null when none is said;
 * undefined when the nearest names a period this board has not ('biweekly').
 */
function periodNear(lower: string, start: number, end: number): PayPeriod | null | undefined {
  const found: { period: PayPeriod | null; at: number }[] = [];
  for (const { period, pattern } of PERIOD_WORDS) {
    for (const match of lower.matchAll(new RegExp(pattern, 'g'))) {
      found.push({ period, at: match.index });
    }
  }
  if (!found.length) return null;
  const distance = (at: number) => (at >= end ? at - end : at < start ? start - at + 0.5 : 0);
  const times = found.filter((f) => f.period === null || !isTotalPeriod(f.period));
  const pool = times.length ? times : found;
  pool.sort((a, b) => distance(a.at) - distance(b.at));
  const nearest = pool[0]!;
  return nearest.period === null ? undefined : nearest.period;
}

/**
 * A period as a source or a client names it: 'hour', 'Hourly', 'per hour', 'HOUR' (Google's
 * unitText), 'stipend', 'fixed fee'. Null when it names none of PAY_PERIODS.
 */
export function readPeriod(word: unknown): PayPeriod | null {
  if (typeof word !== 'string') return null;
  const text = word.trim().toLowerCase();
  if (!text) return null;
  const exact = PAY_PERIODS.find(
    (p) => p.value === text || p.label.toLowerCase() === text || p.phrase === text,
  );
  if (exact) return exact.value;
  for (const { period, pattern } of PERIOD_WORDS) {
    if (pattern.test(text)) return period;
  }
  if (/^(?:hours?|hr)$/.test(text)) return 'hour';
  if (/^days?$/.test(text)) return 'day';
  if (/^weeks?$/.test(text)) return 'week';
  if (/^months?$/.test(text)) return 'month';
  if (/^(?:years?|yr|salary)$/.test(text)) return 'year';
  if (/^(?:total|fee|fixed|project)$/.test(text)) return 'fee';
  return null;
}

/**
 * A pay from what a source gives (Airtable, a JSON feed, an old row): figures with or without a
 * period, and/or words. Figures with a period are that. Figures without one take the period the
 * words name, else a year when they are YEARLY_FROM or more, else they are kept as words. Words
 * alone are read (readPayText), and kept as they are when they cannot be.
 */
export function readPay(
  given: {
    min?: number | null;
    max?: number | null;
    period?: PayPeriod | null;
    currency?: string | null;
    text?: string | null;
    benefits?: string | null;
  },
  boardCurrency: string,
): Pay {
  const text = given.text?.trim() || null;
  const benefits = given.benefits?.trim() || null;
  const min = given.min ?? null;
  const max = given.max ?? null;
  const fromText = text ? readPayText(text) : null;
  const currency = given.currency || fromText?.currency || boardCurrency;
  if (min !== null || max !== null) {
    const period =
      given.period ??
      fromText?.period ??
      (Math.max(min ?? 0, max ?? 0) >= YEARLY_FROM ? 'year' : null);
    if (period) return { min, max, period, currency, text: null, benefits };
    const words = text ?? plainFigures(min, max, currency);
    return { ...NO_PAY, currency, text: words, benefits };
  }
  if (fromText) {
    return {
      min: fromText.min,
      max: fromText.max,
      period: given.period ?? fromText.period,
      currency,
      text: null,
      benefits,
    };
  }
  return { ...NO_PAY, period: given.period ?? DEFAULT_PAY_PERIOD, currency, text, benefits };
}

/** Figures with no period, as words: '$25 - $30'. */
function plainFigures(min: number | null, max: number | null, currency: string): string {
  const figures = [min, max].filter((v): v is number => v !== null);
  const unique = [...new Set(figures)];
  return unique.map((v) => formatMoney(v, currency)).join(' - ');
}

// ---------------------------------------------------------------------------------------------
// Shown

/**
 * A pay as every place shows it: '$25 - $30 an hour', '$3,000 a month', '$5,000 stipend', 'From
 * $60,000 a year', 'Up to $75,000 a year'; its words when it has no figures; undefined for none.
 */
export function formatPay(
  pay: Pick<Pay, 'min' | 'max' | 'period' | 'currency'> & { text?: string | null },
): string | undefined {
  const { min, max, period, currency } = pay;
  const phrase = periodOf(period).phrase;
  const money = (amount: number) => formatMoney(amount, currency);
  if (min != null && max != null) {
    return min === max ? `${money(min)} ${phrase}` : `${money(min)} - ${money(max)} ${phrase}`;
  }
  if (min != null) return `From ${money(min)} ${phrase}`;
  if (max != null) return `Up to ${money(max)} ${phrase}`;
  return pay.text || undefined;
}

/**
 * The pay line of anything that carries a job's pay: a job or a submission as the API answers it
 * (its `pay`, else its `salary` words), or (an answer of an older API) yearly figures alone.
 */
export function formatSalary(job: {
  pay?: JobPay | null;
  salary?: string | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
}): string | undefined {
  if (job.pay && hasFigures(job.pay)) return formatPay(job.pay);
  if (job.salary) return job.salary;
  if (job.salaryMin != null || job.salaryMax != null) {
    return formatPay({
      min: job.salaryMin ?? null,
      max: job.salaryMax ?? null,
      period: 'year',
      currency: DEFAULT_CURRENCY,
    });
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Compared

/**
 * The annual equivalent of a pay, in whole units of its currency (what the salary filters and
 * sorts compare): its figures times the period's factor, the lower from the minimum (else the
 * maximum) and the higher from the maximum (else the minimum). Null for a total, for a pay with
 * no figures, and for a pay in another currency than the board's (its figures are not
 * comparable with the filters' bands).
 */
export function annualPay(
  pay: Pick<Pay, 'min' | 'max' | 'period' | 'currency'>,
  boardCurrency: string,
): { low: number; high: number } | null {
  const perYear = periodOf(pay.period).perYear;
  if (perYear === null || !hasFigures(pay) || pay.currency !== boardCurrency) return null;
  const low = (pay.min ?? pay.max)!;
  const high = (pay.max ?? pay.min)!;
  return { low: Math.round(low * perYear), high: Math.round(high * perYear) };
}

// ---------------------------------------------------------------------------------------------
// Told to Google

/**
 * `baseSalary` of a job's JobPosting (Google's structured data): the figures with their period's
 * unitText and the currency. A total (stipend, fixed fee) has no unit Google takes, and a unit
 * it would misread, so it is left out (docs/decisions/pay-in-structured-data.md), as is pay
 * without figures.
 */
export function baseSalaryOf(pay: JobPay | null | undefined) {
  if (!pay || !hasFigures(pay)) return undefined;
  const unitText = periodOf(pay.period).unitText;
  if (!unitText) return undefined;
  const { min, max } = pay;
  const value =
    min != null && max != null
      ? min === max
        ? { value: min }
        : { minValue: min, maxValue: max }
      : min != null
        ? { minValue: min }
        : { maxValue: max };
  return {
    '@type': 'MonetaryAmount',
    currency: pay.currency,
    value: { '@type': 'QuantitativeValue', ...value, unitText },
  };
}
