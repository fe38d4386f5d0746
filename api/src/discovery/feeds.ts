import { ISO_DATE_PATTERN } from '@jobboard/contract/common';
import {
  DISCOVERY_PATHS,
  formatSalary,
  jobPageUrl,
  withVia,
  workplaceLabel,
  workplaceOfJob,
  type Job,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import { filterToQueryString } from '@jobboard/contract/jobs';
import { describeSearch } from './describe-search';
import { escapeHtml, escapeXml, summary } from './markup';

/** What a feed is of: the board's search, and the site that publishes it. */
export interface FeedSource {
  /** The site's public address, without a trailing slash (PUBLIC_URL). */
  origin: string;
  boardName: string;
  /** The board's currency (BOARD_CURRENCY): a salary band in the title is in it. */
  currency: string;
  filter: SearchFilter;
  jobs: Job[];
  /** When the feed was built (RSS lastBuildDate). */
  builtAt: Date;
}

/**
 * An item's link: the job's page with the feeds' channel (issue 44, docs/product.md#numbers), so
 * a reader who follows it is counted for the feeds, and so is their Apply click there. The item's
 * id stays the page's own address, as before: a reader knows an item by it, and would show every
 * item again as new if it changed. In RSS that guid is no longer marked a permalink
 * (isPermaLink="false": its text is unchanged), since a reader that finds one opens the guid
 * rather than the link (@extractus/feed-extractor does), and so past the count.
 */
const itemLink = (origin: string, job: Job) => withVia(jobPageUrl(origin, job.id), 'feed');

/** How long an item's summary is, in characters. */
const SUMMARY_LENGTH = 300;

/** The feed's title: the board, and the search in words when there is one. */
export function feedTitle(
  { boardName, currency }: { boardName: string; currency: string },
  filter: SearchFilter,
): string {
  const search = describeSearch(filter, currency);
  return search.length ? `${boardName}: ${search.join(', ')}` : `${boardName}: all jobs`;
}

/**
 * RSS 2.0 (https://www.rssboard.org/rss-specification), with an Atom self link. Titles are plain
 * text; a description is HTML (RSS readers render it as HTML: a job's `<partners>` would be read
 * as a tag and vanish), so its text is HTML-escaped first and then XML-escaped.
 */
export function rssFeed(source: FeedSource): string {
  const { origin, filter } = source;
  const query = filterToQueryString(filter);
  const items = source.jobs.map((job) => {
    const url = jobPageUrl(origin, job.id);
    const published = publishedAt(job);
    return [
      '<item>',
      `<title>${escapeXml(itemTitle(job))}</title>`,
      `<link>${escapeXml(itemLink(origin, job))}</link>`,
      `<guid isPermaLink="false">${escapeXml(url)}</guid>`,
      published ? `<pubDate>${published.toUTCString()}</pubDate>` : '',
      `<description>${htmlText(itemSummary(job))}</description>`,
      ...job.category.map((c) => `<category>${escapeXml(c)}</category>`),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${escapeXml(feedTitle(source, filter))}</title>`,
    `<link>${escapeXml(`${origin}/${query}`)}</link>`,
    `<description>${htmlText(feedDescription(source))}</description>`,
    '<language>en-us</language>',
    `<lastBuildDate>${source.builtAt.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${escapeXml(`${origin}${DISCOVERY_PATHS.rss}${query}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel></rss>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export function jsonFeed(source: FeedSource): object {
  const { origin, filter } = source;
  const query = filterToQueryString(filter);
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: feedTitle(source, filter),
    home_page_url: `${origin}/${query}`,
    feed_url: `${origin}${DISCOVERY_PATHS.jsonFeed}${query}`,
    description: feedDescription(source),
    language: 'en-US',
    items: source.jobs.map((job) => ({
      id: jobPageUrl(origin, job.id),
      url: itemLink(origin, job),
      title: itemTitle(job),
      content_text: job.description,
      summary: itemSummary(job),
      date_published: publishedAt(job)?.toISOString(),
      authors: [{ name: job.company.name }],
      tags: job.category,
    })),
  };
}

/** Plain text as the content of an RSS element that holds HTML. */
function htmlText(text: string): string {
  return escapeXml(escapeHtml(text));
}

function feedDescription(source: FeedSource): string {
  return `The newest jobs on ${source.boardName} for this search, newest first.`;
}

function itemTitle(job: Job): string {
  return `${job.title} at ${job.company.name}`;
}

/** Where, how (hybrid or remote: issue 47), what kind, how much, then the start of the description. */
function itemSummary(job: Job): string {
  const type = workplaceOfJob(job);
  // An on-site job says nothing more; a location that already says it ('Remote') is not repeated.
  const workplace = type === 'on_site' ? '' : workplaceLabel(type, job.remotePlaces);
  const facts = [
    job.location,
    workplace === job.location ? '' : workplace,
    job.jobType,
    formatSalary(job),
  ]
    .filter(Boolean)
    .join(' · ');
  return summary(`${facts}. ${job.description}`, SUMMARY_LENGTH);
}

/** The posting day (YYYY-MM-DD) as an instant, when it is one. */
function publishedAt(job: Job): Date | undefined {
  return ISO_DATE_PATTERN.test(job.postedDate)
    ? new Date(`${job.postedDate}T00:00:00Z`)
    : undefined;
}
