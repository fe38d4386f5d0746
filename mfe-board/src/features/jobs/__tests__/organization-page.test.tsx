import {
  ORGANIZATION_TEXTS,
  recentJobLine,
  type OrganizationPage as OrganizationAnswer,
} from '@jobboard/contract/jobs';
import type { SearchResponse } from '@jobboard/contract/jobs';
import { Route } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import BoardPage from '../../../app/BoardPage';
import OrganizationPage from '../../../app/OrganizationPage';
import { makeJob } from '../../../test-support/jobs';
import { renderAt } from '../../../test-support/render';

/**
 * Issue 47, as a visitor goes: opens a job on the board, follows its company's name to the
 * organisation's page, and finds there what the organisation says of itself and its open jobs; a
 * job's page shows a few similar jobs; an organisation without open jobs says so.
 */

const NEWSROOM = {
  name: 'Open Newsroom',
  slug: 'open-newsroom',
  description: 'A nonprofit newsroom covering the region.',
  websiteUrl: 'https://opennewsroom.example',
};
const EDITOR = makeJob({
  id: '7',
  title: 'Editor',
  company: NEWSROOM,
  organization: NEWSROOM.name,
});
const REPORTER = makeJob({
  id: '8',
  title: 'Reporter',
  company: NEWSROOM,
  organization: NEWSROOM.name,
  location: 'Baltimore, MD',
  locations: ['Baltimore, MD'],
});
const OTHER = makeJob({ id: '9', title: 'Copy Editor' });

const boardPage: SearchResponse = {
  jobs: [EDITOR, OTHER],
  total: 2,
  totalExact: true,
  page: 1,
  pageSize: 10,
};

const newsroomPage = (jobs = [REPORTER, EDITOR]): OrganizationAnswer => ({
  organization: NEWSROOM,
  jobs: jobs.map(recentJobLine),
  total: jobs.length,
  page: 1,
  pageSize: 20,
});

function renderSite(path: string) {
  return renderAt(
    path,
    <>
      <Route path="/" element={<BoardPage />} />
      <Route path="/jobs/:id" element={<BoardPage />} />
      <Route path="/organizations/:slug" element={<OrganizationPage />} />
    </>,
  );
}

describe("an organisation's page, as a visitor finds it", () => {
  it("opens from the company's name on a job, with its about, website and open jobs", async () => {
    const received = fakeApi({
      'POST /api/jobs/search': [200, boardPage],
      'GET /api/locations': [200, []],
      'GET /api/categories': [200, []],
      'GET /api/jobs/:id': [200, EDITOR],
      'GET /api/jobs/:id/similar': [200, [recentJobLine(OTHER)]],
      'GET /api/organizations/:slug': [200, newsroomPage()],
    });
    renderSite('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editor' });

    // A few jobs like it, each a link to its page.
    const similar = await within(dialog).findByRole('region', {
      name: ORGANIZATION_TEXTS.similarJobs,
    });
    expect(within(similar).getByRole('link', { name: 'Copy Editor' })).toHaveAttribute(
      'href',
      '/jobs/9',
    );

    await userEvent.click(within(dialog).getByRole('link', { name: 'Open Newsroom' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/organizations/open-newsroom');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Newsroom' })).toBeVisible();
    expect(document.title).toMatch(/^Jobs at Open Newsroom/);
    expect(screen.getByText('A nonprofit newsroom covering the region.')).toBeVisible();
    expect(screen.getByRole('link', { name: /opennewsroom\.example/ })).toHaveAttribute(
      'href',
      'https://opennewsroom.example',
    );
    const jobs = screen.getByRole('region', { name: `${ORGANIZATION_TEXTS.openJobs} (2)` });
    expect(
      within(jobs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Reporter', 'Editor']);
    expect(
      received.calls.filter((call) => call.path === '/api/organizations/open-newsroom'),
    ).toHaveLength(1);

    // Back to a job from the organisation's page.
    await userEvent.click(within(jobs).getByRole('link', { name: 'Reporter' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs/8');
  });

  it('says an organisation has no open jobs now', async () => {
    fakeApi({ 'GET /api/organizations/:slug': [200, newsroomPage([])] });
    renderSite('/organizations/open-newsroom');
    expect(await screen.findByText(ORGANIZATION_TEXTS.noOpenJobs('Open Newsroom'))).toBeVisible();
  });

  it("takes a visitor on a merged company's old address to the survivor's page", async () => {
    // The API answers the old slug with a 301 to the survivor's (api/test/organizations/
    // merged-company.test.ts); the browser's fetch follows it, so the board receives the
    // survivor's page for the old address.
    const received = fakeApi({
      'GET /api/organizations/:slug': (request) =>
        ['open-newsroom-inc', 'open-newsroom'].includes(request.params.slug!)
          ? [200, { ...newsroomPage(), page: 2 }]
          : [404, { message: ORGANIZATION_TEXTS.notFound }],
    });
    renderSite('/organizations/open-newsroom-inc?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Newsroom' })).toBeVisible();
    await received.settled();
    expect(screen.getByTestId('location')).toHaveTextContent('/organizations/open-newsroom?page=2');
    expect(screen.getByTestId('location')).not.toHaveTextContent('open-newsroom-inc');
  });

  it('says an address names no organisation', async () => {
    fakeApi({ 'GET /api/organizations/:slug': [404, { message: ORGANIZATION_TEXTS.notFound }] });
    renderSite('/organizations/no-such-org');
    expect(await screen.findByRole('heading', { name: ORGANIZATION_TEXTS.notFound })).toBeVisible();
  });
});
