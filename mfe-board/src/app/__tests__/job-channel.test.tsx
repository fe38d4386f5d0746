import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import type { Job, SearchResponse } from '@jobboard/contract/jobs';
import { Route } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { cleanup, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSentJobViews } from '../../features/jobs/api/job-view';
import { makeJob } from '../../test-support/jobs';
import { renderAt } from '../../test-support/render';
import BoardPage from '../BoardPage';
import { ServerFirstView } from '../first-view';

/**
 * The channel a job is counted for in the board (issue 44, docs/product.md#numbers): its view's
 * beacon and its Apply link name the same one, the link's `via` for the job the visitor landed on,
 * the referrer when it names none, and the board for every job opened in it.
 */

const linked = (id: string, title: string) =>
  makeJob({
    id,
    title,
    applicationUrl: `https://harbor.example/jobs/${id}`,
    apply: { method: 'link', questions: [] },
  });
const JOBS: Job[] = [linked('1', 'Data Editor'), linked('2', 'Grants Writer')];

let beacon: ReturnType<typeof vi.fn<(url: string) => boolean>>;

function renderBoard(path: string, page = <BoardPage />) {
  fakeApi({
    'POST /api/jobs/search': [
      200,
      { jobs: JOBS, total: 2, totalExact: true, page: 1, pageSize: 10 } satisfies SearchResponse,
    ],
    'GET /api/jobs/1': [200, JOBS[0]!],
    'GET /api/jobs/2': [200, JOBS[1]!],
    'GET /api/locations': [200, []],
    'GET /api/categories': [200, []],
  });
  return renderAt(
    path,
    <>
      <Route path="/" element={page} />
      <Route path="/jobs/:id" element={page} />
    </>,
  );
}

/** The beacons sent: their URLs. */
const views = () => beacon.mock.calls.map(([url]) => url);
const applyLink = (dialog: HTMLElement) =>
  within(dialog).getByRole('link', { name: /View Job Posting/ });
const location = () => screen.getByTestId('location');

/** The page's referrer, as the browser gives it (document.referrer). */
function referredBy(referrer: string) {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

beforeEach(() => {
  forgetSentJobViews();
  beacon = vi.fn((_url: string) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  referredBy('');
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  Reflect.deleteProperty(document, 'referrer');
});

describe('the channel of a job in the board', () => {
  it('counts a job landed on from a newsletter link for the newsletter, its Apply too', async () => {
    renderBoard('/jobs/2?via=newsletter');
    const dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/2/apply?via=newsletter');
    expect(views()).toEqual(['/api/jobs/2/view?via=newsletter']);
  });

  it('counts a landing with no via by its referrer: the board’s own site, else direct', async () => {
    referredBy(`${window.location.origin}/?q=grants`);
    renderBoard('/jobs/2');
    let dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/2/apply?via=board');
    cleanup();

    forgetSentJobViews();
    referredBy('https://news.example.org/today');
    renderBoard('/jobs/2');
    dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/2/apply?via=direct');
    expect(views()).toEqual(['/api/jobs/2/view?via=board', '/api/jobs/2/view?via=direct']);
  });

  it('ignores a via it does not know, and one a link may not name', async () => {
    renderBoard('/jobs/2?via=tiktok');
    const dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/2/apply?via=direct');
    cleanup();
    forgetSentJobViews();
    renderBoard('/jobs/1?via=board');
    await screen.findByRole('dialog', { name: 'Data Editor' });
    expect(views()).toEqual(['/api/jobs/2/view?via=direct', '/api/jobs/1/view?via=direct']);
  });

  it('counts every job opened in the board for the board; the landed one keeps its channel', async () => {
    renderBoard('/jobs/2?q=writer&via=feed');
    let dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The board behind keeps its filters, not the link's channel, which named one job.
    expect(location()).toHaveTextContent(/^\/\?q=writer$/);

    // A card's Apply: the board's, but for the job the visitor came for.
    const card = (title: string) => screen.getByRole('article', { name: title });
    expect(
      within(card('Data Editor')).getByRole('link', { name: /Find Out More/ }),
    ).toHaveAttribute('href', '/jobs/1/apply?via=board');
    expect(
      within(card('Grants Writer')).getByRole('link', { name: /Find Out More/ }),
    ).toHaveAttribute('href', '/jobs/2/apply?via=feed');

    await userEvent.click(within(card('Data Editor')).getByRole('link', { name: 'Data Editor' }));
    dialog = await screen.findByRole('dialog', { name: 'Data Editor' });
    expect(location()).toHaveTextContent(/^\/jobs\/1\?q=writer$/);
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/1/apply?via=board');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(
      within(card('Grants Writer')).getByRole('link', { name: 'Grants Writer' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/2/apply?via=feed');
    // One view each, for the channel the job was first shown by.
    expect(views()).toEqual(['/api/jobs/2/view?via=feed', '/api/jobs/1/view?via=board']);
  });

  it('draws the Apply link for the channel the server drew the page for', async () => {
    // The server worked the channel out from the request (its Referer); the browser's own
    // referrer is not read for the job it drew.
    referredBy('');
    const key = endpointKey(ENDPOINTS.job, { params: { id: '2' } });
    renderBoard(
      '/jobs/2',
      <ServerFirstView.Provider
        value={{ job: { id: '2', job: JOBS[1]! }, channel: 'board', keys: { job: key } }}
      >
        <BoardPage />
      </ServerFirstView.Provider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Grants Writer' });
    expect(applyLink(dialog)).toHaveAttribute('href', '/jobs/2/apply?via=board');
    expect(views()).toEqual(['/api/jobs/2/view?via=board']);
  });
});
