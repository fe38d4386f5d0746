/**
 * Realistic generated jobs for the benchmark: the same shape and spread as a busy board (titles
 * built from real job-title parts, a few thousand organizations, cities by popularity, 3-5 sentence
 * descriptions, salaries on three jobs in four, a year of posting dates), seeded so that every run
 * and both databases get the very same jobs.
 *
 * The vocabulary is planned so the search terms of `SEARCH_TERMS` cover the whole range: 'nonprofit'
 * is in about half the descriptions, role and field words in a few percent to a third, niche topics
 * in a fraction of a percent and a handful of words in almost none.
 */
import { CATEGORY_CHOICES } from '@jobboard/contract/common';
import { NO_PAY, type Pay, type PayPeriod } from '@jobboard/contract/jobs';
import type { JobInput } from '@jobboard/api/tooling';

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

const SENIORITY = ['', '', '', 'Senior', 'Senior', 'Associate', 'Junior', 'Lead', 'Assistant'];
const FIELDS = [
  'Communications',
  'Digital',
  'Development',
  'Grants',
  'Data',
  'Policy',
  'Content',
  'Social Media',
  'Marketing',
  'Fundraising',
  'Donor Relations',
  'Program',
  'Operations',
  'Engineering',
  'Product',
  'Design',
  'Audience',
  'News',
  'Editorial',
  'Research',
  'Advocacy',
  'Campaigns',
  'Events',
  'Membership',
  'Finance',
  'Partnerships',
  'Community',
  'Video',
  'Podcast',
  'Newsletter',
  'Press',
  'Media Relations',
  'Analytics',
  'Technology',
  'Web',
  'Climate',
  'Health',
  'Education',
  'Housing',
  'Legal',
];
const ROLES = [
  'Manager',
  'Manager',
  'Director',
  'Coordinator',
  'Coordinator',
  'Associate',
  'Specialist',
  'Officer',
  'Editor',
  'Writer',
  'Reporter',
  'Producer',
  'Strategist',
  'Analyst',
  'Engineer',
  'Developer',
  'Designer',
  'Fellow',
  'Intern',
];
const ORG_ADJECTIVES = [
  'Coastal',
  'Urban',
  'Rural',
  'Northern',
  'Southern',
  'Open',
  'Common',
  'Civic',
  'Public',
  'Bright',
  'Green',
  'Blue',
  'United',
  'Free',
  'Fair',
  'First',
  'New',
  'Good',
  'Rising',
  'Shared',
  'Local',
  'Global',
  'Prairie',
  'Mountain',
  'River',
  'Harbor',
  'Summit',
  'Heartland',
  'Pacific',
  'Atlantic',
  'Gulf',
  'Valley',
  'Lakeshore',
  'Desert',
  'Evergreen',
  'Golden',
];
const ORG_NOUNS = [
  'Justice',
  'Voices',
  'Futures',
  'Health',
  'Press',
  'News',
  'Learning',
  'Housing',
  'Water',
  'Climate',
  'Arts',
  'Youth',
  'Families',
  'Neighbors',
  'Workers',
  'Democracy',
  'Literacy',
  'Food',
  'Land',
  'Rights',
  'Media',
  'Stories',
  'Data',
  'Science',
  'Schools',
  'Libraries',
  'Parks',
  'Transit',
  'Energy',
  'Oceans',
  'Forests',
  'Wildlife',
  'Veterans',
  'Immigrants',
];
const ORG_SUFFIXES = [
  'Fund',
  'Foundation',
  'Alliance',
  'Project',
  'Network',
  'Coalition',
  'Institute',
  'Center',
  'Collective',
  'Trust',
  'Initiative',
  'Council',
  'Partnership',
  'Society',
  'Lab',
];
const CITIES = [
  'Washington, DC',
  'New York, NY',
  'Chicago, IL',
  'Los Angeles, CA',
  'San Francisco, CA',
  'Boston, MA',
  'Seattle, WA',
  'Atlanta, GA',
  'Philadelphia, PA',
  'Denver, CO',
  'Austin, TX',
  'Oakland, CA',
  'Minneapolis, MN',
  'Portland, OR',
  'Baltimore, MD',
  'Detroit, MI',
  'Houston, TX',
  'Nashville, TN',
  'New Orleans, LA',
  'Raleigh, NC',
  'Pittsburgh, PA',
  'Miami, FL',
  'Phoenix, AZ',
  'San Diego, CA',
  'Dallas, TX',
  'Cleveland, OH',
  'St. Louis, MO',
  'Milwaukee, WI',
  'Albuquerque, NM',
  'Salt Lake City, UT',
  'Richmond, VA',
  'Madison, WI',
  'Sacramento, CA',
  'Columbus, OH',
  'Kansas City, MO',
  'Charlotte, NC',
  'Tucson, AZ',
  'Anchorage, AK',
  'Honolulu, HI',
  'Boise, ID',
  'Burlington, VT',
  'Providence, RI',
  'Hartford, CT',
  'Jackson, MS',
  'Little Rock, AR',
  'Omaha, NE',
  'Des Moines, IA',
  'Louisville, KY',
  'Memphis, TN',
  'Birmingham, AL',
  'Charleston, SC',
  'Savannah, GA',
  'Tulsa, OK',
  'Spokane, WA',
  'Fresno, CA',
  'El Paso, TX',
  'Buffalo, NY',
  'Rochester, NY',
  'Syracuse, NY',
  'Ann Arbor, MI',
  'Durham, NC',
  'Asheville, NC',
  'Missoula, MT',
  'Fargo, ND',
];
const TOPICS = [
  'climate resilience',
  'affordable housing',
  'public health',
  'early literacy',
  'voting rights',
  'local journalism',
  'food security',
  'clean water',
  'immigrant rights',
  'criminal justice reform',
  'youth mentoring',
  'arts education',
  'rural broadband',
  'mental health',
  'land conservation',
  'labor organizing',
  'disability rights',
  'refugee resettlement',
  'environmental justice',
  'open government',
  'science communication',
  'civic technology',
  'reproductive health',
  'tenant organizing',
  'wildlife protection',
  'ocean conservation',
  'veteran services',
];
/** Niche words, each in a fraction of a percent of the jobs. */
const NICHE = [
  'beekeeping',
  'watershed',
  'cartography',
  'oral histories',
  'braille',
  'seed libraries',
  'microfinance',
  'wetlands',
  'archival',
  'bilingual',
  'Tagalog',
  'Somali',
  'Navajo',
  'Haitian',
  'Creole',
  'pollinators',
  'orchards',
  'broadband',
  'fisheries',
  'glaciers',
  'tribal',
  'apprenticeships',
  'courtwatch',
  'foodbank',
  'hydrology',
  'geospatial',
  'Salesforce',
  "Raiser's Edge",
  'WordPress',
  'Airtable',
  'Figma',
  'Python',
  'SQL',
  'Tableau',
  'Spanish',
];
/** Words almost nobody uses: a search for one finds a handful of jobs at 100,000. */
const RARE = ['Esperanto', 'quilting', 'lighthouse', 'falconry', 'Gaelic', 'letterpress'];

const OPENERS = [
  'We are a nonprofit working on {topic} across the region.',
  'Our nonprofit newsroom covers {topic} and the people it touches.',
  'As a national nonprofit, we bring {topic} to communities that have been left out.',
  'Join a small nonprofit team that punches above its weight on {topic}.',
];
const PLAIN_OPENERS = [
  'We are a mission-driven organization focused on {topic}.',
  'Our coalition of partners works on {topic} in cities and rural counties alike.',
  'For twenty years we have led the field on {topic}.',
  'We are a growing team of organizers, reporters and technologists working on {topic}.',
];
const ROLE_SENTENCES = [
  'The {title} will lead our {field} work and report to the executive director.',
  'You will plan, write and ship {field} projects with a team of {n} colleagues.',
  'This role manages a budget of about ${k}K and works closely with the development team.',
  'The ideal candidate has experience with {field} and a strong commitment to equity.',
  'You will build relationships with partners, funders and the communities we serve.',
  'Expect to measure what works, share what you learn and improve our {field} practice.',
  'The position is hybrid, with two days a week in our office and the rest remote.',
  'You will help the team grow its audience and tell stories that move people to act.',
  'We offer a four-day work week in the summer and a generous professional development fund.',
  'Experience with {niche} is a plus but not required.',
];
const RESPONSIBILITIES = [
  'Plan and carry out an annual {field} strategy',
  'Write and edit copy for the website, newsletters and social media',
  'Manage relationships with reporters, partners and funders',
  'Track results and report them to leadership each quarter',
  'Supervise and mentor junior staff and fellows',
  'Coordinate events, briefings and campaigns',
  'Keep the CRM accurate and useful',
];
const REQUIREMENTS = [
  'Three or more years of relevant experience',
  'Excellent writing and editing skills',
  'Comfort with data and spreadsheets',
  'Experience in a nonprofit or newsroom setting',
  'A commitment to diversity, equity and inclusion',
  'Ability to manage several projects at once',
];
const BENEFITS = [
  'Fully paid health, dental and vision insurance',
  '403(b) with an employer match',
  'Four weeks of paid time off',
  'Paid parental leave',
  'Professional development budget',
  'Flexible and remote-friendly schedule',
];
const JOB_TYPES = [
  ...Array<string>(13).fill('Full-time'),
  'Part-time',
  'Part-time',
  'Contract',
  'Contract',
  'Contract',
  'Temporary',
  'Internship',
  'Volunteer',
];
const EXPERIENCE = ['entry', 'entry', 'mid', 'mid', 'mid', 'senior', 'senior', 'Not specified'];
const VIA = ['Direct submission', 'Idealist', 'Organization website', 'Newsletter', 'LinkedIn'];

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
    const remote = random.chance(0.25);
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
