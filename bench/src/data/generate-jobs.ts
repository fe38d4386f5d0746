/**
 * Realistic generated jobs for the benchmark: the same shape and spread as a busy board (titles
 * built from real job-title parts, a few thousand organizations, cities by popularity, 3-5 sentence
 * descriptions, salaries on three jobs in four, a year of posting dates), seeded so that every run
 * and both databases get the very same jobs. Their words are job-vocabulary.ts.
 */
import { CATEGORY_CHOICES } from '@jobboard/contract/common';
import { NO_PAY, type Pay, type PayPeriod } from '@jobboard/contract/jobs';
import type { JobInput } from '@jobboard/api/tooling';
import {
  BENEFITS,
  CITIES,
  EXPERIENCE,
  FIELDS,
  JOB_TYPES,
  NICHE,
  OPENERS,
  ORG_ADJECTIVES,
  ORG_NOUNS,
  ORG_SUFFIXES,
  PLAIN_OPENERS,
  RARE,
  REQUIREMENTS,
  RESPONSIBILITIES,
  ROLES,
  ROLE_SENTENCES,
  SENIORITY,
  TOPICS,
  VIA,
} from './job-vocabulary';

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same jobs. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Zipf-like: early items are much more likely (cities, organizations). */
  const pickSkewed = <T>(items: readonly T[]): T =>
    items[Math.floor(items.length * Math.pow(next(), 2.2))]!;
  const chance = (p: number) => next() < p;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const wanted = int(min, max);
    const chosen = new Set<T>();
    while (chosen.size < Math.min(wanted, items.length)) chosen.add(pick(items));
    return [...chosen];
  };
  return { next, int, pick, pickSkewed, chance, some };
}

export interface GenerateOptions {
  count: number;
  /** The day the board is looked at: posting dates fall in the year before it. */
  now: Date;
  seed?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` jobs, the same ones for the same seed. About 90% of them are public. */
/**
 * A job's pay as boards have it (issue 39): three in four give figures, mostly a year's, then an
 * hour's (a tenth), a month's, stipends and fixed fees, a day's or a week's; a few give words.
 */
function randomPay(random: ReturnType<typeof randomSource>): Pay {
  const none: Pay = { ...NO_PAY, currency: 'USD' };
  if (!random.chance(0.75)) return random.chance(0.1) ? { ...none, text: 'Competitive' } : none;
  const period = random.pick(PAY_MIX);
  const [low, high, step] = PAY_RANGES[period];
  const min = random.int(low, high) * step;
  const max = random.chance(0.8) ? min + random.int(1, 8) * step * 5 : null;
  return { ...none, min, max, period };
}

/** How often each period comes up (PAY_MIX) and each one's figures: [from, to] times a step. */
const PAY_MIX: PayPeriod[] = [
  ...Array<PayPeriod>(80).fill('year'),
  ...Array<PayPeriod>(10).fill('hour'),
  ...Array<PayPeriod>(4).fill('month'),
  ...Array<PayPeriod>(3).fill('stipend'),
  ...Array<PayPeriod>(2).fill('fee'),
  'day',
];
const PAY_RANGES: Record<PayPeriod, [number, number, number]> = {
  year: [35, 150, 1000],
  hour: [16, 70, 1],
  day: [15, 60, 10],
  week: [8, 40, 100],
  month: [25, 120, 100],
  stipend: [10, 80, 100],
  fee: [5, 150, 100],
};

export function generateJobs({ count, now, seed = 20261123 }: GenerateOptions): JobInput[] {
  const random = randomSource(seed);
  const organizations = makeOrganizations(random, Math.max(50, Math.round(count / 25)));
  const jobs: JobInput[] = [];
  for (let index = 0; index < count; index += 1) {
    const field = random.pick(FIELDS);
    const role = random.pick(ROLES);
    const title = [random.pick(SENIORITY), field, role].filter(Boolean).join(' ');
    const organization = random.pickSkewed(organizations);
    // A quarter remote, a sixth hybrid (issue 47's workplace type), the rest on-site.
    const workplaceType = random.chance(0.25)
      ? 'remote'
      : random.chance(0.2)
        ? 'hybrid'
        : 'on_site';
    const remote = workplaceType === 'remote';
    const locations = remote
      ? random.chance(0.5)
        ? ['Remote']
        : [random.pickSkewed(CITIES), 'Remote']
      : random.some(CITIES, 1, random.chance(0.85) ? 1 : 2).map(() => random.pickSkewed(CITIES));
    const topic = random.pick(TOPICS);
    const fill = (sentence: string) =>
      sentence
        .replace('{topic}', topic)
        .replace('{title}', title)
        .replace(/\{field\}/g, field.toLowerCase())
        .replace('{n}', String(random.int(2, 12)))
        .replace('{k}', String(random.int(50, 900)))
        .replace('{niche}', random.pick(NICHE));
    const sentences = [
      fill(random.chance(0.5) ? random.pick(OPENERS) : random.pick(PLAIN_OPENERS)),
      ...random.some(ROLE_SENTENCES, 2, 4).map(fill),
    ];
    if (random.chance(0.02)) sentences.push(`We also work on ${random.pick(NICHE)}.`);
    if (random.chance(0.0004)) sentences.push(`Bonus points for ${random.pick(RARE)}.`);
    const postedDaysAgo = Math.floor(365 * Math.pow(random.next(), 1.8));
    const posted = new Date(now.getTime() - postedDaysAgo * DAY_MS);
    const pay = randomPay(random);
    // Paid listings expire 30 days after posting; about one job in ten is switched off.
    const expires = random.chance(0.2) ? new Date(posted.getTime() + 30 * DAY_MS) : null;
    jobs.push({
      title,
      organization: organization.name,
      companyDescription: organization.description,
      websiteUrl: organization.websiteUrl,
      description: sentences.join(' '),
      jobType: random.pick(JOB_TYPES),
      remote,
      workplaceType,
      remotePlaces:
        workplaceType === 'on_site' ? null : random.pick(['US', 'MD, VA, DC', 'CA, OR, WA', null]),
      experienceLevel: random.pick(EXPERIENCE),
      pay,
      deadline: random.chance(0.4)
        ? isoDate(new Date(posted.getTime() + random.int(14, 60) * DAY_MS))
        : null,
      postedDate: isoDate(posted),
      responsibilities: random.some(RESPONSIBILITIES, 3, 5).map(fill),
      requirements: random.some(REQUIREMENTS, 3, 5),
      benefits: random.some(BENEFITS, 3, 5),
      applicationUrl: `${organization.websiteUrl}/careers/${index + 1}`,
      via: random.pick(VIA),
      featured: random.chance(0.03),
      active: random.chance(0.9),
      expiresAt: expires,
      source: 'sync',
      externalId: `bench-${index + 1}`,
      locations: [...new Set(locations)],
      categories: random.some(CATEGORY_CHOICES, 1, 2),
    });
  }
  return jobs;
}

interface Organization {
  name: string;
  description: string;
  websiteUrl: string;
}

function makeOrganizations(random: ReturnType<typeof randomSource>, count: number) {
  const byName = new Map<string, Organization>();
  while (byName.size < count) {
    const name = `${random.pick(ORG_ADJECTIVES)} ${random.pick(ORG_NOUNS)} ${random.pick(ORG_SUFFIXES)}`;
    const suffix = byName.has(name) ? ` ${byName.size}` : '';
    const fullName = `${name}${suffix}`;
    const slug = fullName.toLowerCase().replace(/[^a-z0-9]+/g, '');
    byName.set(fullName, {
      name: fullName,
      description: `${fullName} works on ${random.pick(TOPICS)} with partners across the country.`,
      websiteUrl: `https://${slug}.example.org`,
    });
  }
  return [...byName.values()];
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The 20 rotating search terms: what visitors type, rare and common. 'nonprofit' matches about
 * half the jobs; the org and city names match via the organization and location columns.
 */
export const SEARCH_TERMS = [
  'nonprofit',
  'communications',
  'manager',
  'senior director',
  'remote',
  'chicago',
  'grants',
  'climate resilience',
  'data analyst',
  'fundraising',
  'editor',
  'podcast producer',
  'policy',
  'develop',
  'beekeeping',
  'esperanto',
  'coastal justice',
  'social media',
  'washington',
  'python',
] as const;
