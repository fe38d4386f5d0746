import {
  filterFromQueryString,
  recentJobLine,
  type Job,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import { type FirstViewData } from '@jobboard/contract/site';
import { FIRST_VIEW_CASES, type FirstViewCase } from '@jobboard/contract/testing';
import { Route } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import { SWRConfig, type Middleware } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '../../test-support/jobs';
import { renderAt } from '../../test-support/render';
import BoardPage from '../BoardPage';
import { ServerFirstView } from '../first-view';
import LegalPage from '../LegalPage';
import OrganizationPage from '../OrganizationPage';
import RecentJobsPage from '../RecentJobsPage';

/**
 * The keys the server gives the parts of a first view are the keys the board's hooks ask for
 * (FIRST_VIEW_CASES; the API's site test holds the server to the same table): each part is found
 * in SWR's cache under the key its hook asks for, so the page shows it from its first render and
 * the browser fetches nothing the page already holds.
 */

const LISTED: Job[] = [makeJob({ id: '1', title: 'Listed Role' })];
const LISTED_PAGE: SearchResponse = {
  jobs: LISTED,
  total: 1,
  totalExact: true,
  page: 1,
  pageSize: 10,
};

/** What the server puts in the page at the case's address: made-up answers, the case's keys. */
function pageData(c: FirstViewCase): FirstViewData {
  const data: FirstViewData = { keys: c.keys };
  if (c.search) {
    data.search = {
      filter: filterFromQueryString(c.address.split('?')[1] ?? ''),
      response: LISTED_PAGE,
    };
    data.locations = ['Remote (inlined)'];
    data.categories = ['Fundraising (inlined)'];
  }
  if (c.jobId) data.job = { id: c.jobId, job: makeJob({ id: c.jobId, title: 'Inlined Job' }) };
  if (c.keys.similar) {
    data.similar = [recentJobLine(makeJob({ id: '3', title: 'Inlined Similar' }))];
  }
  if (c.keys.organization) {
    data.organization = {
      slug: 'open-newsroom',
      page: {
        organization: {
          name: 'Inlined Org',
          slug: 'open-newsroom',
          description: '',
          websiteUrl: '',
        },
        jobs: [recentJobLine(makeJob({ id: '4', title: 'Inlined Open Job' }))],
        total: 21,
        page: c.address.includes('page=2') ? 2 : 1,
        pageSize: 20,
      },
    };
  }
  if (c.keys.recent) {
    data.recent = [makeJob({ id: '2', title: 'Recent Role', postedDate: '2026-11-20' })].map(
      recentJobLine,
    );
    data.readAt = Date.UTC(2026, 10, 20, 12);
  }
  if (c.keys.legal) {
    data.legal = { slug: 'refunds', title: 'Inlined Refunds', html: '<p>x</p>', updatedAt: 0 };
  }
  return data;
}

/** Records the key of every SWR hook the page renders. */
function keyRecorder() {
  const asked = new Set<string>();
  const use: Middleware = (useSWRNext) =>
    function useRecordedSWR(key, fetcher, config) {
      if (typeof key === 'string') asked.add(key);
      return useSWRNext(key, fetcher, config);
    };
  return { asked, use };
}

function renderCase(c: FirstViewCase, use: Middleware) {
  const page = (element: React.ReactNode) => (
    <SWRConfig value={{ use: [use] }}>
      <ServerFirstView.Provider value={pageData(c)}>{element}</ServerFirstView.Provider>
    </SWRConfig>
  );
  return renderAt(
    c.address,
    <>
      <Route path="/" element={page(<BoardPage />)} />
      <Route path="/jobs/:id" element={page(<BoardPage />)} />
      <Route path="/job-list" element={page(<RecentJobsPage />)} />
      <Route path="/refunds" element={page(<LegalPage />)} />
      <Route path="/organizations/:slug" element={page(<OrganizationPage />)} />
    </>,
  );
}

beforeEach(() => {
  // Revalidation after the first render may ask the API: its answers differ from the page's, so
  // what is on screen first can only have come from the page.
  fakeApi({
    'POST /api/jobs/search': [200, { ...LISTED_PAGE, jobs: [makeJob({ title: 'Fetched Role' })] }],
    'GET /api/locations': [200, ['Fetched']],
    'GET /api/categories': [200, ['Fetched']],
    'GET /api/jobs/recent/lines': [200, []],
    'GET /api/jobs/:id': ({ params }) => [200, makeJob({ id: params.id, title: 'Fetched Job' })],
    'GET /api/pages/:slug': [200, { slug: 'refunds', title: 'Fetched', html: '', updatedAt: 0 }],
    'GET /api/jobs/:id/similar': [200, []],
    'GET /api/organizations/:slug': [
      200,
      {
        organization: { name: 'Fetched', slug: 'open-newsroom', description: '', websiteUrl: '' },
        jobs: [],
        total: 0,
        page: 1,
        pageSize: 20,
      },
    ],
  });
});

describe("the first view's keys", () => {
  it.each(FIRST_VIEW_CASES)('are the keys the hooks ask for: $name', async (c) => {
    const { asked, use } = keyRecorder();
    renderCase(c, use);
    // The first render shows every part the page carried (the API's answers differ)...
    if (c.search) {
      expect(
        screen.getByRole('article', { name: 'Listed Role', hidden: true }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('option', { name: 'Remote (inlined)', hidden: true }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('checkbox', { name: 'Fundraising (inlined)', hidden: true }),
      ).toBeInTheDocument();
    }
    if (c.keys.recent) expect(screen.getByTestId('recent-count')).toHaveTextContent('1');
    if (c.keys.legal) {
      expect(screen.getByRole('heading', { name: 'Inlined Refunds' })).toBeInTheDocument();
    }
    if (c.keys.organization) {
      expect(screen.getByRole('heading', { name: 'Inlined Org' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Inlined Open Job' })).toBeInTheDocument();
    }
    // ...and the job's dialog, which opens once the page is mounted, the page's job and the jobs
    // like it.
    if (c.jobId) {
      const dialog = await screen.findByRole('dialog', { name: 'Inlined Job' });
      expect(dialog).toBeVisible();
      expect(within(dialog).getByRole('link', { name: 'Inlined Similar' })).toBeInTheDocument();
    }
    // Because each part's key is one a hook asked for.
    for (const key of Object.values(c.keys)) expect([...asked]).toContain(key);
  });
});
