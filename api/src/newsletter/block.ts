import { createHash } from 'node:crypto';
import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  type NewsletterBlock,
  type NewsletterBlockJob,
} from '@jobboard/contract/admin';
import { withVia, type Job } from '@jobboard/contract/jobs';
import { listingTier, type ListingTierId } from '@jobboard/contract/submissions';

/** A live listing that bought the newsletter and has not had it yet, with the tier it bought. */
export interface OwedListing {
  job: Job;
  tier: ListingTierId;
}

/** What a block is made of, in its order. */
export interface BlockParts {
  from: string;
  to: string;
  intro: string;
  /** The listings that bought the newsletter: first, as sold (the dearer tier's first). */
  promised: OwedListing[];
  /** The rest of the range's jobs by category, the categories in alphabetical order. */
  groups: { name: string; jobs: Job[] }[];
  leftOut: number;
}

/** Newest first: by posted date, then by id (the later made). */
const newestFirst = (a: Job, b: Job) =>
  b.postedDate.localeCompare(a.postedDate) || Number(b.id) - Number(a.id);

/**
 * The block's order (docs/product.md#newsletter): every listing owed its place first, the
 * Multiples Listing's (which sells "Featured in newsletters") before the Featured Listing's
 * ("Newsletter highlight"), newest first within a tier; then the range's other jobs grouped by
 * their first category ("Other roles" for none, last), newest first in each. One block holds
 * NEWSLETTER_LIMITS.maxJobs: a listing owed its place is never left out, the range's oldest are.
 */
export function orderBlock(
  range: { from: string; to: string; intro: string },
  owed: OwedListing[],
  rangeJobs: Job[],
): BlockParts {
  const promised = [...owed].sort(
    (a, b) =>
      listingTier(b.tier).priceCents - listingTier(a.tier).priceCents || newestFirst(a.job, b.job),
  );
  const placed = new Set(promised.map(({ job }) => job.id));
  const rest = rangeJobs.filter((job) => !placed.has(job.id)).sort(newestFirst);
  const room = Math.max(0, NEWSLETTER_LIMITS.maxJobs - promised.length);
  const byGroup = new Map<string, Job[]>();
  for (const job of rest.slice(0, room)) {
    const name = job.category[0]?.trim() || NEWSLETTER_MESSAGES.otherCategory;
    byGroup.set(name, [...(byGroup.get(name) ?? []), job]);
  }
  const other = NEWSLETTER_MESSAGES.otherCategory;
  const names = [...byGroup.keys()].sort(
    (a, b) => Number(a === other) - Number(b === other) || a.localeCompare(b, 'en'),
  );
  return {
    ...range,
    promised,
    groups: names.map((name) => ({ name, jobs: byGroup.get(name)! })),
    leftOut: Math.max(0, rest.length - room),
  };
}

/** Where the block links a job: its page on the board, counted as the newsletter's (issue 44). */
export const jobLink = (publicUrl: string, job: Pick<Job, 'id'>) =>
  withVia(`${publicUrl}/jobs/${job.id}`, 'newsletter');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text as HTML (every value of a job is the employer's or an admin's words, never markup). */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The first words of a description, on one line, cut at a word. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= NEWSLETTER_LIMITS.excerptChars) return line;
  const cut = line.slice(0, NEWSLETTER_LIMITS.excerptChars);
  const words = cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length);
  return `${words.replace(/[\s.,;:!?-]+$/, '')}...`;
}

/** Organization, place, type and pay, as the board's cards show them. */
const factsOf = (job: Job) =>
  [job.location, job.jobType, job.salary].filter((fact): fact is string => Boolean(fact?.trim()));

/** The intro's paragraphs (blank lines between), its single line breaks kept. */
const introHtml = (intro: string) =>
  intro
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`);

/**
 * The block's HTML, plain and meant to be edited: headings, paragraphs, lists and links only,
 * which Ghost's HTML import (`?source=html`, to Lexical on Ghost 5 and 6) keeps as they are.
 */
export function blockHtml(
  parts: BlockParts,
  site: { publicUrl: string; boardName: string },
): string {
  const link = (job: Job) =>
    `<a href="${escape(jobLink(site.publicUrl, job))}">${escape(job.title)}</a>`;
  const lines = introHtml(parts.intro);
  if (parts.promised.length) {
    lines.push(`<h2>${escape(NEWSLETTER_MESSAGES.featuredHeading)}</h2>`);
    for (const { job } of parts.promised) {
      lines.push(`<h3>${link(job)}</h3>`);
      const facts = factsOf(job).map(escape).join(' · ');
      lines.push(
        `<p><strong>${escape(job.organization)}</strong>${facts ? ` · ${facts}` : ''}</p>`,
      );
      const words = excerpt(job.description);
      if (words) lines.push(`<p>${escape(words)}</p>`);
    }
  }
  if (parts.groups.length) {
    lines.push(`<h2>${escape(NEWSLETTER_MESSAGES.moreHeading)}</h2>`);
    for (const group of parts.groups) {
      lines.push(`<h3>${escape(group.name)}</h3>`, '<ul>');
      for (const job of group.jobs) {
        const place = job.location.trim() ? ` (${escape(job.location)})` : '';
        lines.push(`<li>${link(job)}, ${escape(job.organization)}${place}</li>`);
      }
      lines.push('</ul>');
    }
  }
  const board = withVia(`${site.publicUrl}/`, 'newsletter');
  lines.push(
    `<p><a href="${escape(board)}">${escape(NEWSLETTER_MESSAGES.seeAll(site.boardName))}</a></p>`,
  );
  return lines.join('\n');
}

/** The block as the preview shows it and the send makes it. */
export function blockOf(
  parts: BlockParts,
  site: { publicUrl: string; boardName: string },
): NewsletterBlock {
  const title = NEWSLETTER_MESSAGES.postTitle(parts.from, parts.to);
  const html = blockHtml(parts, site);
  const jobs: NewsletterBlockJob[] = [
    ...parts.promised.map(({ job }) => blockJob(job, site.publicUrl, true, null)),
    ...parts.groups.flatMap((group) =>
      group.jobs.map((job) => blockJob(job, site.publicUrl, false, group.name)),
    ),
  ];
  return {
    from: parts.from,
    to: parts.to,
    title,
    html,
    digest: createHash('sha256').update(`${title}\n${html}`).digest('hex'),
    jobs,
    leftOut: parts.leftOut,
  };
}

const blockJob = (
  job: Job,
  publicUrl: string,
  promised: boolean,
  group: string | null,
): NewsletterBlockJob => ({
  id: job.id,
  title: job.title,
  organization: job.organization,
  url: jobLink(publicUrl, job),
  promised,
  group,
});
