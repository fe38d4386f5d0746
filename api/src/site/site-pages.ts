import {
  DEFAULT_CURRENCY,
  afterFromQueryString,
  channelOfLanding,
  boardQueryString,
  filterFromQueryString,
  JOB_ID_PATTERN,
  pageFromQueryString,
} from '@jobboard/contract/jobs';
import {
  legalPageAt,
  matchRoute,
  type BootConfig,
  type FirstViewData,
  type SiteConfig,
  type SiteRoute,
} from '@jobboard/contract/site';
import { isDatabaseUnavailable } from '../platform/db/unavailable';
import { CachedBody } from '../platform/plugins/public-cache';
import { OrganizationMoved, type PublicReads } from '../jobs';
import type { LegalPages } from '../legal';
import {
  firstViewJson,
  isPage,
  jobIdInPath,
  LEGAL_PAGE_MODULE,
  ORGANIZATION_PAGE_MODULE,
  organizationPageOf,
  organizationSlugOf,
} from './first-view';
import { pageHead, renderHead, type HeadContext } from './page-head';
import type { Releases } from './releases';
import { ServerRenderer, type ServerRenderLimits, type ServerRenderLog } from './server-render';
import { renderShellPage } from './shell-page';

/**
 * The part of a query string a page is drawn from: the board's filter and page (and the page's
 * cursor, `after=`, when it has one that fits: AFTER_PARAM), written as the
 * board writes them (so every spelling of one search is one page); on any other page, none (no other
 * server-drawn page reads its query string: the pages that do, such as an alert's confirmation,
 * are drawn in the browser).
 */
export function knownQuery(route: SiteRoute | undefined, query: string): string {
  // An organisation's page reads only its page of open jobs (`page=`, the first without it).
  if (isPage(route, 'mfe_board', ORGANIZATION_PAGE_MODULE)) {
    const page = organizationPageOf(query);
    return page === 1 ? '' : `?page=${page}`;
  }
  return isPage(route, 'mfe_board', './BoardPage')
    ? boardQueryString(
        filterFromQueryString(query),
        pageFromQueryString(query),
        afterFromQueryString(query),
      )
    : '';
}

/**
 * A page of the site as it is sent: its status and its (cached) body. 503: the database cannot be
 * reached, and the page comes without its data (never kept).
 */
export interface SitePage {
  status: 200 | 404 | 503;
  body: CachedBody;
}

/**
 * The page has moved for good (issue 47: a merged company's page, to its survivor's): a 301 to
 * `location` (a path on this site, with the page's query string), no page drawn.
 */
export interface MovedPage {
  status: 301;
  location: string;
}

/**
 * The shell's page for every front-end path (shell-page.ts), with the first view's data and, where
 * the apps can render it on the server, the first view itself. A page depends only on the address,
 * the versions in use and the public jobs, so each is built once and kept in the public-read cache
 * (dropped when jobs change, like the answers it is made of).
 */
export class SitePages {
  /** Draws first views in worker threads; its `stats()` count each version's failures. */
  readonly renderer: ServerRenderer;
  /** The site's own origin (scheme, host, port): a referrer from it is the board's. */
  private readonly siteOrigin: string;

  constructor(
    private readonly releases: Releases,
    private readonly reads: PublicReads,
    private readonly legal: LegalPages,
    private readonly site: SiteConfig,
    /** The site's public address (PUBLIC_URL): canonical URLs, feeds, JSON-LD. */
    private readonly origin: string,
    renderLimits: ServerRenderLimits,
    private readonly log?: ServerRenderLog,
  ) {
    this.renderer = new ServerRenderer(releases, renderLimits, log);
    this.siteOrigin = new URL(origin).origin;
  }

  /**
   * Get the apps' server entries ready before the first visitor (see ServerRenderer.warm), and the
   * routes of remotes on other origins (their release.json, fetched with a short time limit).
   */
  async warm(): Promise<void> {
    this.releases.routes(); // starts those fetches
    await Promise.all([this.renderer.warm(), this.releases.liveRoutes.ready()]);
  }

  /** End the render workers (the server is shutting down). */
  close(): Promise<void> {
    return this.renderer.close();
  }

  /**
   * The page at `address` (path and query string), asked for from `referrer` (the request's
   * Referer: on /jobs/{id}, with the address's `via`, the channel its job's Apply link counts for);
   * null when the shell has not been built.
   */
  async page(address: string, referrer?: string): Promise<SitePage | MovedPage | null> {
    const shell = this.releases.shellHtml();
    if (!shell) return null;
    const pathname = address.split('?')[0]!;
    // Which build of each app the page uses, with the server's pick (releases.ts), and the live
    // remotes' routes (their release.json): the 404 decision, the head, the first view. Read once.
    const boot = this.boot();
    const route = matchRoute(boot.routes, pathname);
    // The page is drawn from, and kept under, the address's known parameters only: `/?x=1`,
    // `/?x=2`... are the board's page, drawn once, not a render each and an eviction each.
    const query = knownQuery(route, address.slice(pathname.length));
    const url = `${pathname}${query}`;
    // A job's page is drawn for the channel the visitor came by (docs/product.md#numbers): one
    // page per job and channel kept, the address's other parameters still left out.
    const channel =
      isPage(route, 'mfe_board', './BoardPage') && jobIdInPath(pathname) !== undefined
        ? channelOfLanding(address.slice(pathname.length), referrer, this.siteOrigin)
        : undefined;
    const head = (data?: FirstViewData) =>
      renderHead(pageHead(this.headContext(), route, pathname, query, data), this.site.boardName);
    // A page without its first view only for the moment (the render pool busy, or loading the
    // versions just promoted) is sent but not kept: the next visitor gets it drawn.
    let forNow = false;
    const build = async () => {
      const data = await firstViewJson(this.reads, this.legal, route, pathname, query, channel);
      const firstView = data ? (JSON.parse(data) as FirstViewData) : undefined;
      const rendered = await this.renderer.render(url, {
        ...boot,
        ...(firstView ? { data: firstView } : {}),
      });
      forNow = !rendered.lasting;
      return renderShellPage(
        shell.html,
        pathname,
        boot,
        this.releases,
        head(firstView),
        data,
        rendered.page,
      );
    };
    // The live versions, each remote's fallbacks and pick, and the live routes: a page changes
    // when any does (a fallback's folder deleted by hand changes what the page offers without a
    // promote).
    // A legal page changes when the publication edits its file.
    const legalPage = isPage(route, 'mfe_board', LEGAL_PAGE_MODULE) && legalPageAt(pathname);
    const edited = legalPage ? `:${await this.legal.stamp(legalPage.slug)}` : '';
    const versions = `${JSON.stringify([this.releases.versions(), boot.remotes])}:${this.releases.liveRoutes.stamp()}${edited}`;
    // Every unknown path gets the same page (the shell's 404 screen), kept once.
    const key = route
      ? `page:${versions}:${url}${channel === undefined ? '' : `:${channel}`}`
      : `page:${versions}:404`;
    try {
      const body = await this.reads.cache.text(key, build);
      if (forNow) this.reads.cache.forget(key);
      return {
        status: route && (await this.isRecordThatExists(route, pathname)) ? 200 : 404,
        body,
      };
    } catch (error) {
      if (error instanceof OrganizationMoved) {
        return { status: 301, location: `/organizations/${error.slug}${query}` };
      }
      if (!isDatabaseUnavailable(error)) throw error;
      return this.withoutDatabase(route ? 200 : 404, build, () =>
        renderShellPage(shell.html, pathname, boot, this.releases, head()),
      );
    }
  }

  /**
   * While the database cannot be reached: a page that needs no data (the submit page) is still
   * whole, built without the cache; one that does comes without its data, as a 503.
   */
  private async withoutDatabase(
    status: 200 | 404,
    build: () => Promise<string>,
    withoutData: () => string,
  ): Promise<SitePage> {
    try {
      return { status, body: new CachedBody(Buffer.from(await build())) };
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.log?.warn({ err: error }, 'page served without its data: database unavailable');
      return { status: 503, body: new CachedBody(Buffer.from(withoutData())) };
    }
  }

  /**
   * False for /jobs/{id} of a job that never existed (its page says 'Job not found', with a 404
   * for crawlers, not a soft 404), and for /organizations/{slug} of a slug no company has (its
   * page says so); true for every other path. A closed job's page stays 200, and so does the
   * page of an organisation with no open job now.
   */
  private async isRecordThatExists(route: SiteRoute, pathname: string): Promise<boolean> {
    if (isPage(route, 'mfe_board', ORGANIZATION_PAGE_MODULE)) {
      return this.reads.organizationExists(organizationSlugOf(pathname));
    }
    const id = jobIdInPath(pathname);
    if (id === undefined) return true;
    return JOB_ID_PATTERN.test(id) && (await this.reads.exists(Number(id)));
  }

  private headContext(): HeadContext {
    return {
      origin: this.origin,
      boardName: this.site.boardName,
      membershipName: this.site.membershipName,
      currency: this.site.currency ?? DEFAULT_CURRENCY,
    };
  }

  private boot(): BootConfig {
    return { site: this.site, remotes: this.releases.remotes(), routes: this.releases.routes() };
  }
}
