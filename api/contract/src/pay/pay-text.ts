/** Pay in words (a source's 'Salary' text, an old row's text), and a pay from what a source gives (pay.ts re-exports it). */
import { formatMoney } from '../money';
import { NO_PAY, type Pay } from './job-pay';
import {
  DEFAULT_PAY_PERIOD,
  PAY_PERIODS,
  isTotalPeriod,
  maxAmount,
  type PayPeriod,
} from './periods';

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
