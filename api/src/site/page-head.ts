import { RECENT_DAYS, REVIEW_HOURS } from '@jobboard/contract/common';
import {
  boardQueryString,
  DEFAULT_SORT,
  DISCOVERY_PATHS,
  feedUrls,
  filterFromQueryString,
  formatSalary,
  jobPageTitle,
  jobPageUrl,
  jobPostingLd,
  jsonForScript,
  ORGANIZATION_TEXTS,
  organizationLd,
  organizationPageTitle,
  organizationPageUrl,
  pageFromQueryString,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import {
  HERO_TAGLINE,
  ownLogoUrl,
  routeText,
  type FirstViewData,
  type SiteRoute,
} from '@jobboard/contract/site';
import { describeSearch, feedTitle, escapeHtml, summary } from '../discovery';
import { isPage } from './first-view';

/** A meta description search engines show whole. */
const DESCRIPTION_LENGTH = 160;

/** What a page tells crawlers and link previews about itself, before any script runs. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (absolute); absent on a page that is not one (404). */
  canonical?: string;
  /** Kept out of search results: private, per-visitor or closed pages. */
  noindex?: boolean;
  /** The link preview's picture (the employer's logo). */
  image?: string;
  /** The feeds of the page's search (absolute URLs). */
  feeds: { rss: string; jsonFeed: string; title: string };
  /** The site's sitemap (absolute URL), named on every page beside the feeds. */
  sitemap: string;
  /** The page's schema.org data (a job's JobPosting). */
  jsonLd?: Record<string, unknown>;
}

export interface HeadContext {
  /** The site's public address, no trailing slash (PUBLIC_URL). */
  origin: string;
  boardName: string;
  /** The membership system's name, for a route title that names it. */
  membershipName: string;
  /** The board's currency (BOARD_CURRENCY): a salary band in a title is in it. */
  currency: string;
}

/**
 * The head of the page at `pathname` + `queryString` (route as matched in the live route table,
 * first view as read): its own title, description and canonical address on every route, and on a
 * job's page that job's JobPosting. A closed job's page says so and carries no JobPosting (search
 * engines drop it). The title is the route's own (declared by its remote) where the API has no
 * better one: a job's page has its job's, a board search says what it searches.
 */
export function pageHead(
  context: HeadContext,
  route: SiteRoute | undefined,
  pathname: string,
  queryString: string,
  data: FirstViewData | undefined,
): PageHead {
  const { origin, boardName } = context;
  const named = (title: string) => `${title} | ${boardName}`;
  const filter = filterFromQueryString(queryString);
  const onBoard = isPage(route, 'mfe_board', './BoardPage');
  const feeds = feedLinks(context, onBoard ? filter : undefined);
  const sitemap = `${origin}${DISCOVERY_PATHS.sitemap}`;
  const page = (head: Omit<PageHead, 'feeds' | 'sitemap'>): PageHead => ({
    ...head,
    feeds,
    sitemap,
  });
  const here = `${origin}${pathname.replace(/(.)\/$/, '$1')}`;

  if (!route) {
    return page({
      title: named('Page not found'),
      description: 'There is no page here.',
      noindex: true,
    });
  }
  if (data?.job) {
    const { job, id } = data.job;
    if (!job) {
      return page({
        title: named(data.job.closed ? 'This job is closed' : 'Job not found'),
        description: data.job.closed
          ? 'This job is no longer accepting applications.'
          : 'This job does not exist or is no longer listed.',
        canonical: jobPageUrl(origin, id),
        noindex: true,
      });
    }
    const facts = [job.location, job.jobType, formatSalary(job)].filter(Boolean).join(', ');
    const lead = job.expired
      ? `Closed: this job is no longer accepting applications. ${job.company.name}, ${facts}.`
      : `${job.company.name} is hiring (${facts}).`;
    return page({
      title: job.expired ? `Closed: ${jobPageTitle(job, boardName)}` : jobPageTitle(job, boardName),
      description: summary(`${lead} ${job.description}`, DESCRIPTION_LENGTH),
      canonical: jobPageUrl(origin, job.id),
      image: ownLogoUrl(origin, job.company.logo),
      jsonLd: jobPostingLd(job, origin) ?? undefined,
    });
  }
  if (data?.organization) return page(organizationHead(context, data.organization.page));
  const title = routeText(route.title, context);
  if (onBoard) {
    const search = describeSearch(filter, context.currency);
    return page({
      title: search.length ? named(`Jobs: ${search.join(', ')}`) : title,
      description: search.length
        ? summary(
            `Jobs on ${boardName} for ${search.join(', ')}. ${HERO_TAGLINE}.`,
            DESCRIPTION_LENGTH,
          )
        : `${HERO_TAGLINE}.`,
      // Every spelling of one search has one address (sorting aside, the same list). A search
      // for the visitor's own words is theirs, not the board's: never indexed (anyone could
      // make the board's domain show any text in search results), pointed at the whole board.
      ...(filter.query
        ? { canonical: `${origin}/`, noindex: true }
        : {
            // Each page of the list is a page of its own (page=), the first without it.
            canonical: `${origin}/${boardQueryString(
              { ...filter, sortOption: DEFAULT_SORT },
              pageFromQueryString(queryString),
            )}`,
          }),
    });
  }
  // A legal page is titled by its own file's heading.
  if (data?.legal) {
    return page({
      title: named(data.legal.title),
      description: `${data.legal.title} of ${boardName}.`,
      canonical: here,
    });
  }
  // The pages the API knows say more about themselves; any other page (a remote's new one) has
  // its title, its address and its title again as the description.
  switch (`${route.remote}/${route.module}`) {
    case 'mfe_board/./RecentJobsPage':
      return page({
        title,
        description: `Every job posted on ${boardName} in the last ${RECENT_DAYS} days, by category.`,
        canonical: here,
      });
    case 'mfe_submit/./SubmitJobPage':
      return page({
        title,
        description: `Post a job on ${boardName} and reach people in nonprofit communications, tech, content, news and fundraising. We review every listing within ${REVIEW_HOURS} hours.`,
        canonical: here,
      });
    case 'mfe_board/./BookmarksPage':
      return page({
        title,
        description: `The jobs you bookmarked on ${boardName}.`,
        canonical: here,
        noindex: true,
      });
    case 'mfe_board/./MemberCallbackPage':
      return page({
        title,
        description: `Signing in to ${boardName}.`,
        canonical: here,
        noindex: true,
      });
    case 'mfe_submit/./PayPage':
      return page({
        title,
        description: `Pay for your job listing on ${boardName}.`,
        canonical: here,
        noindex: true,
      });
    case 'mfe_board/./AlertsPage':
      // The links of alert e-mails: each holds its alert's token, so none is for search engines.
      return page({
        title,
        description: `Your job alerts from ${boardName}.`,
        canonical: here,
        noindex: true,
      });
    case 'mfe_admin/./AdminApp':
      return page({
        title,
        description: `The admin area of ${boardName}.`,
        canonical: here,
        noindex: true,
      });
    default:
      return page({ title, description: title, canonical: here });
  }
}

/**
 * An organisation's page (issue 47): titled with its name, described by its open jobs and its own
 * words, its one address (with its page of jobs past the first), its logo as the preview, and its
 * schema.org Organization. A slug no company has: the site's not-found head.
 */
function organizationHead(
  context: HeadContext,
  found: NonNullable<FirstViewData['organization']>['page'],
): Omit<PageHead, 'feeds' | 'sitemap'> {
  const { origin, boardName } = context;
  if (!found) {
    return {
      title: `${ORGANIZATION_TEXTS.notFound} | ${boardName}`,
      description: ORGANIZATION_TEXTS.notFoundDetail,
      noindex: true,
    };
  }
  const { organization, total, page } = found;
  const open = total
    ? `${total} open ${total === 1 ? 'job' : 'jobs'} at ${organization.name} on ${boardName}.`
    : ORGANIZATION_TEXTS.noOpenJobs(organization.name);
  const url = organizationPageUrl(origin, organization.slug);
  return {
    title: organizationPageTitle(organization.name, boardName),
    description: summary(`${open} ${organization.description}`.trim(), DESCRIPTION_LENGTH),
    canonical: page > 1 ? `${url}?page=${page}` : url,
    image: ownLogoUrl(origin, organization.logo),
    jsonLd: organizationLd(organization, origin),
  };
}

/** The feeds of a board search, or of the whole board. */
function feedLinks(context: HeadContext, filter: SearchFilter | undefined): PageHead['feeds'] {
  const search = filter ?? filterFromQueryString('');
  const urls = feedUrls(search);
  return {
    rss: `${context.origin}${urls.rss}`,
    jsonFeed: `${context.origin}${urls.jsonFeed}`,
    title: feedTitle(context, search),
  };
}

/** The head's tags, every value escaped (the JSON-LD as JSON that cannot end its element). */
export function renderHead(head: PageHead, boardName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
    value === undefined ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const link = (attributes: Record<string, string>) =>
    `<link ${Object.entries(attributes)
      .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
      .join(' ')}>`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical ? link({ rel: 'canonical', href: head.canonical }) : '',
    meta('property', 'og:site_name', boardName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    link({
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${head.feeds.title} (RSS)`,
      href: head.feeds.rss,
    }),
    link({
      rel: 'alternate',
      type: 'application/feed+json',
      title: `${head.feeds.title} (JSON Feed)`,
      href: head.feeds.jsonFeed,
    }),
    link({ rel: 'sitemap', type: 'application/xml', href: head.sitemap }),
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ].join('');
}
