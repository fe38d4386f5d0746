import { PAGE_SIZE } from '@jobboard/contract/common';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  type Job,
  type SearchResponse,
  type SortOption,
  WORKPLACE_TEXTS,
} from '@jobboard/contract/jobs';
import { useToastStore } from '@jobboard/shared-ui';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { Route } from '@jobboard/shared-ui/router';
import {
  challengeRoute,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoutes,
} from '@jobboard/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJob } from '../../test-support/jobs';
import { renderAt } from '../../test-support/render';
import { ALERT_TEXT } from '../../features/alerts/messages';
import { forgetSentJobViews } from '../../features/jobs/api/job-view';
import BoardPage from '../BoardPage';
import { ServerFirstView } from '../first-view';

/** The board as the shell mounts it: the same page on / and /jobs/:id. */
function renderBoard(path: string) {
  return renderAt(
    path,
    <>
      <Route path="/" element={<BoardPage />} />
      <Route path="/jobs/:id" element={<BoardPage />} />
    </>,
  );
}

const JOBS: Job[] = Array.from({ length: 23 }, (_, i) =>
  makeJob({ id: String(i + 1), title: `Role ${i + 1}` }),
);

/** The cursor the API would give after `job` in a list sorted by `sort` (keyset paging). */
const cursorAfter = (job: Job, sort: SortOption) =>
  encodeSearchCursor({
    v: 1,
    s: sort,
    ...(sort === 'recent'
      ? { f: false }
      : sort === 'relevance'
        ? { f: false, t: false }
        : { m: null }),
    d: '2026-11-20',
    i: Number(job.id),
  });

/**
 * A search endpoint over JOBS that pages like the API: by number, or from the cursor `after`
 * (the jobs after the one it names), with the cursor of the next page while there is one.
 */
const search = ({ body }: FakeRequest): FakeAnswer<SearchResponse> => {
  const {
    page = 1,
    pageSize = PAGE_SIZE,
    query = '',
    sortOption = 'recent',
    after,
  } = body as Record<string, never>;
  const matching = JOBS.filter((j) => j.title.includes(query));
  const from = after
    ? matching.findIndex((j) => Number(j.id) === decodeSearchCursor(after)!.i) + 1
    : (page - 1) * pageSize;
  const jobs = matching.slice(from, from + pageSize);
  const more = from + pageSize < matching.length;
  const answer: SearchResponse = {
    jobs,
    total: matching.length,
    totalExact: true,
    page,
    pageSize,
    ...(more ? { next: cursorAfter(jobs[jobs.length - 1]!, sortOption) } : {}),
  };
  return [200, answer];
};

const api = (
  extra: Partial<FakeRoutes<'POST /api/jobs/search' | `GET /api/jobs/${string}`>> = {},
) =>
  fakeApi({
    'POST /api/jobs/search': search,
    'GET /api/locations': [200, []],
    'GET /api/categories': [200, []],
    ...extra,
  });

const location = () => screen.getByTestId('location');
const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  // Each test is a new page: the views it sends are its own.
  forgetSentJobViews();
  useToastStore.setState({ toasts: [] });
});

describe('the board home', () => {
  it('shows the count, the first page, and pages within bounds', async () => {
    const received = api();
    renderBoard('/');
    expect(await screen.findByRole('heading', { name: '23 Job Opportunities' })).toBeVisible();
    expect(titles()).toHaveLength(10);

    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Role 11' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { name: 'Role 21' })).toBeInTheDocument();
    expect(titles()).toEqual(['Role 21', 'Role 22', 'Role 23']);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();

    expect(received.bodies('POST', '/api/jobs/search').map((b) => b.page)).toEqual([1, 2, 3]);
    expect(received.bodies('POST', '/api/jobs/search')[0]).toMatchObject({
      query: '',
      sortOption: 'recent',
      pageSize: PAGE_SIZE,
    });
    // The page is part of the address: a reload, back and a shared link keep it (page 3 follows
    // page 2, so it is read from page 2's cursor, which the address keeps too).
    expect(location()).toHaveTextContent(`/?page=3&after=${cursorAfter(JOBS[19]!, 'recent')}`);
  });

  it('opens on the page the address names, and writes the next page into it', async () => {
    const received = api();
    renderBoard('/?q=Role&page=2');
    expect(await screen.findByRole('heading', { name: 'Role 11' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(received.bodies('POST', '/api/jobs/search').map((b) => b.page)).toEqual([2]);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Role 21' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(
      `/?q=Role&page=3&after=${cursorAfter(JOBS[19]!, 'recent')}`,
    );
  });

  it('goes to the next page by its cursor, which the address keeps for a reload and back', async () => {
    const received = api();
    const { unmount } = renderBoard('/');
    await screen.findByRole('heading', { name: '23 Job Opportunities' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Role 11' })).toBeInTheDocument();
    const cursor = cursorAfter(JOBS[9]!, 'recent');
    // The page is read from where page 1 ended (a seek on the server), not by skipping rows.
    expect(received.bodies('POST', '/api/jobs/search')[1]).toMatchObject({
      page: 2,
      after: cursor,
    });
    expect(location()).toHaveTextContent(`/?page=2&after=${cursor}`);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Role 21' })).toBeInTheDocument();
    const third = `/?page=3&after=${cursorAfter(JOBS[19]!, 'recent')}`;
    expect(location()).toHaveTextContent(third);

    // A reload of that address asks for the same page from the same cursor.
    unmount();
    const reloaded = api();
    renderBoard(third);
    expect(await screen.findByRole('heading', { name: 'Role 21' })).toBeInTheDocument();
    expect(titles()).toEqual(['Role 21', 'Role 22', 'Role 23']);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(reloaded.bodies('POST', '/api/jobs/search')).toEqual([
      expect.objectContaining({ page: 3, after: cursorAfter(JOBS[19]!, 'recent') }),
    ]);
    // Previous and the numbers go by number.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Role 11' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/\?page=2$/);
  });

  it('reads a page by its number when the address holds a damaged cursor', async () => {
    const received = api();
    renderBoard('/?page=2&after=not-a-cursor');
    expect(await screen.findByRole('heading', { name: 'Role 11' })).toBeInTheDocument();
    expect(received.bodies('POST', '/api/jobs/search')[0]).not.toHaveProperty('after');
  });

  it('moves an address past the last page to the last page', async () => {
    api();
    renderBoard('/?page=9');
    expect(await screen.findByRole('heading', { name: 'Role 21' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/\?page=3$/);
  });

  it('starts again at page 1 for a new search', async () => {
    api();
    renderBoard('/');
    await screen.findByRole('heading', { name: '23 Job Opportunities' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Role 11' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'Role 1{Enter}');
    expect(await screen.findByRole('heading', { name: '11 Job Opportunities' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches with the filters of a shared address', async () => {
    const received = api();
    renderBoard('/?q=Role&partTime=true&category=Fundraising&sort=salary-high');
    await screen.findByRole('heading', { name: /Job Opportunities/ });
    expect(received.bodies('POST', '/api/jobs/search')[0]).toMatchObject({
      query: 'Role',
      jobType: { fullTime: false, partTime: true, contract: false, remote: false },
      category: ['Fundraising'],
      sortOption: 'salary-high',
      page: 1,
    });
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('Role');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('salary-high');
  });

  it('a visitor filters Remote jobs: the search asks for the remote workplace, and the address keeps remote=true (issue 47)', async () => {
    const received = api();
    renderBoard('/?q=Role');
    await screen.findByRole('heading', { name: /Job Opportunities/ });
    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    const workplace = screen.getByRole('group', { name: WORKPLACE_TEXTS.field });
    expect(
      within(workplace)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['On-site', 'Hybrid', 'Remote']);
    await userEvent.click(within(workplace).getByRole('checkbox', { name: 'Remote' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(location()).toHaveTextContent('/?q=Role&remote=true'));
    expect(received.bodies('POST', '/api/jobs/search').at(-1)).toMatchObject({
      query: 'Role',
      workplace: { onSite: false, hybrid: false, remote: true },
    });
  });

  it('an old saved link with remote=true shows the Remote box ticked and searches remote jobs', async () => {
    const received = api();
    renderBoard('/?remote=true');
    await screen.findByRole('heading', { name: /Job Opportunities/ });
    expect(received.bodies('POST', '/api/jobs/search')[0]).toMatchObject({
      workplace: { onSite: false, hybrid: false, remote: true },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    const workplace = screen.getByRole('group', { name: WORKPLACE_TEXTS.field });
    expect(within(workplace).getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    expect(within(workplace).getByRole('checkbox', { name: 'Hybrid' })).not.toBeChecked();
  });

  it('links the feeds of the search on screen', async () => {
    api();
    renderBoard('/?q=Role&remote=true&sort=salary-high');
    await screen.findByRole('heading', { name: /Job Opportunities$/ });
    // Sorting is no part of a feed: the server lists a feed newest first.
    expect(screen.getByRole('link', { name: 'RSS feed of this search' })).toHaveAttribute(
      'href',
      '/feed.xml?q=Role&remote=true',
    );
    expect(screen.getByRole('link', { name: 'JSON Feed of this search' })).toHaveAttribute(
      'href',
      '/feed.json?q=Role&remote=true',
    );
  });

  it('follows the search on screen by e-mail, in the spelling of its filter', async () => {
    const received = fakeApi({
      ...challengeRoute,
      'POST /api/jobs/search': search,
      'GET /api/locations': [200, []],
      'GET /api/categories': [200, []],
      'POST /api/alerts': [201, { message: 'Almost done' }],
    });
    renderBoard('/?remote=true&page=2&q=Role');
    await screen.findByRole('heading', { name: /Job Opportunities$/ });
    await userEvent.click(screen.getByRole('button', { name: ALERT_TEXT.open }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TEXT.dialogTitle });
    expect(dialog).toHaveTextContent('"Role" · Remote');
    await userEvent.type(within(dialog).getByLabelText(ALERT_TEXT.email), 'me@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: ALERT_TEXT.submit }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Almost done');
    expect(received.bodies('POST', '/api/alerts')).toEqual([
      {
        email: 'me@example.org',
        frequency: 'weekly',
        search: '?q=Role&remote=true',
        humanProof: expect.any(String),
        website: '',
      },
    ]);
  });

  it('reads "1,000+" when a broad search was counted only up to the cap', async () => {
    api({
      'POST /api/jobs/search': ({ body }) => {
        const { page = 1 } = body as { page?: number };
        const answer: SearchResponse = {
          jobs: JOBS.slice(0, PAGE_SIZE),
          total: 1000,
          totalExact: false,
          page,
          pageSize: PAGE_SIZE,
        };
        return [200, answer];
      },
    });
    renderBoard('/?q=Role');
    expect(await screen.findByRole('heading', { name: '1,000+ Job Opportunities' })).toBeVisible();
    expect(screen.getByText('1,000+ jobs found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('says when nothing matches', async () => {
    api();
    renderBoard('/?q=nothing-like-this');
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your search filters or try a different search term.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 Job Opportunities' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('raises the failure toast when the search fails, and can try again', async () => {
    let fail = true;
    api({
      'POST /api/jobs/search': (request) => (fail ? [500, { message: 'Boom' }] : search(request)),
    });
    renderBoard('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to search jobs. Please try again.',
    );
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Failed to search jobs. Please try again.',
      variant: 'destructive',
    });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '23 Job Opportunities' })).toBeVisible();
  });
});

describe('the job modal', () => {
  it('opens from a card with the job of the page, and closes back to the filtered board', async () => {
    const received = api();
    renderBoard('/?q=Role');
    await userEvent.click(await screen.findByRole('link', { name: 'Role 3' }));
    expect(location()).toHaveTextContent('/jobs/3?q=Role');
    const dialog = await screen.findByRole('dialog', { name: 'Role 3' });
    expect(within(dialog).getByRole('heading', { name: 'Job Description' })).toBeInTheDocument();
    expect(received.calls.some(({ path }) => path === '/api/jobs/3')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(location()).toHaveTextContent(/^\/\?q=Role$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fetches a job that is not on the page, and closes to the board on Escape', async () => {
    const job = makeJob({
      id: '77',
      title: 'Chief Development Officer',
      responsibilities: ['Lead the development team'],
      requirements: [],
      benefits: ['Health insurance'],
      applicationUrl: 'https://example.org/cdo',
    });
    api({ 'GET /api/jobs/77': [200, job] });
    const beacon = vi.fn((_url: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    renderBoard('/jobs/77');
    const dialog = await screen.findByRole('dialog', { name: 'Chief Development Officer' });
    // One view sent once the job shows (docs/product.md#numbers): a landing with no link's
    // channel and no referrer, a direct visit.
    expect(beacon.mock.calls).toEqual([['/api/jobs/77/view?via=direct']]);
    Reflect.deleteProperty(navigator, 'sendBeacon');
    expect(within(dialog).getByRole('heading', { name: 'Responsibilities' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Benefits' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Requirements' })).not.toBeInTheDocument();
    // Through the board's counter, which redirects to the job's own address.
    expect(within(dialog).getByRole('link', { name: /View Job Posting/ })).toHaveAttribute(
      'href',
      '/jobs/77/apply?via=direct',
    );
    expect(within(dialog).getByRole('link', { name: /Visit Company Website/ })).toHaveAttribute(
      'href',
      'https://coastaljusticefund.org',
    );
    // The JobPosting is the server's, in the page's head (issue 15): none of the modal's own.
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('says an expired job no longer takes applications, without an apply button', async () => {
    api({ 'GET /api/jobs/40': [200, makeJob({ id: '40', title: 'Old Role', expired: true })] });
    renderBoard('/jobs/40');
    const dialog = await screen.findByRole('dialog', { name: 'Old Role' });
    expect(dialog).toHaveTextContent('This job is no longer accepting applications.');
    expect(within(dialog).queryByText(/View Job Posting/)).not.toBeInTheDocument();
  });

  it('says when the job does not exist, with a way back', async () => {
    api();
    renderBoard('/jobs/999');
    const dialog = await screen.findByRole('dialog', { name: 'Job not found' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to all jobs' }));
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it("says a job taken off the board is closed, as the page's first view says", async () => {
    const requests = api();
    renderAt(
      '/jobs/55',
      <Route
        path="/jobs/:id"
        element={
          <ServerFirstView.Provider
            value={{
              job: { id: '55', job: null, closed: true },
              keys: { job: endpointKey(ENDPOINTS.job, { params: { id: '55' } }) },
            }}
          >
            <BoardPage />
          </ServerFirstView.Provider>
        }
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'This job is closed' });
    expect(dialog).toHaveTextContent('This job is no longer accepting applications.');
    expect(within(dialog).getByRole('button', { name: 'Back to all jobs' })).toBeInTheDocument();
    expect(requests.calls.some((call) => call.path === '/api/jobs/55')).toBe(false);
  });

  it('toggles the bookmark in the modal and on the card together', async () => {
    localStorage.clear();
    api();
    renderBoard('/jobs/1');
    const dialog = await screen.findByRole('dialog', { name: 'Role 1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bookmark' }));
    expect(within(dialog).getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const card = screen.getByRole('article', { name: 'Role 1', hidden: true });
    expect(
      within(card).getByRole('button', { name: 'Bookmarked', hidden: true }),
    ).toBeInTheDocument();
  });
});
