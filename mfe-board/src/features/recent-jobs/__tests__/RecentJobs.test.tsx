import { recentJobLine } from '@jobboard/contract/jobs';
import { REFRESH } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { act, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RecentJobsPage from '../../../app/RecentJobsPage';
import { makeJob } from '../../../test-support/jobs';
import { renderWithProviders } from '../../../test-support/render';

afterEach(() => {
  vi.useRealTimers();
});

const recent = [
  makeJob({
    title: 'Newsletter Editor',
    category: ['News and Audience'],
    locations: ['St. Louis, MO', 'Remote'],
    applicationUrl: 'https://riverbend.example.org/jobs/2',
  }),
  makeJob({ id: '44', title: 'Odd Job', category: ['Uncategorized'], applicationUrl: undefined }),
].map(recentJobLine);

describe('the recent job list page', () => {
  it('groups the jobs of the last 10 days under their headings', async () => {
    fakeApi({ 'GET /api/jobs/recent/lines': [200, recent] });
    renderWithProviders(<RecentJobsPage />, '/job-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Job List' })).toBeInTheDocument();
    expect(screen.getByText(/last 10 days/)).toBeInTheDocument();
    expect(screen.getByText('Loading recent jobs...')).toBeInTheDocument();
    expect(await screen.findByText('2 jobs')).toBeInTheDocument();
    expect(screen.getByText(/^Last updated \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'News and Audience',
      'Other',
    ]);
    const [news, other] = screen.getAllByRole('list');
    expect(within(news!).getByRole('listitem')).toHaveTextContent(
      'Newsletter Editor : Coastal Justice Fund (St. Louis, MO / Remote)',
    );
    // Each title links to the job's page on the board with the list's channel (issue 44), so a
    // reader of the newsletter it is copied into is counted, their Apply click too; a job with
    // no application link alike (its page says how to apply, or takes the application).
    const editor = recent[0]!.id;
    expect(within(news!).getByRole('link', { name: 'Newsletter Editor' })).toHaveAttribute(
      'href',
      `/jobs/${editor}?via=list`,
    );
    expect(within(other!).getByRole('link', { name: 'Odd Job' })).toHaveAttribute(
      'href',
      '/jobs/44?via=list',
    );
  });

  it('says when there is nothing recent', async () => {
    fakeApi({ 'GET /api/jobs/recent/lines': [200, []] });
    renderWithProviders(<RecentJobsPage />, '/job-list');
    expect(await screen.findByText('No recent jobs found.')).toBeInTheDocument();
  });

  it('refreshes on demand, and by itself every 5 minutes until switched off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const received = fakeApi({ 'GET /api/jobs/recent/lines': [200, recent] });
    const calls = () => received.calls.length;
    renderWithProviders(<RecentJobsPage />, '/job-list');
    await screen.findByText('2 jobs');
    expect(calls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(REFRESH.recent + 100));
    await vi.waitFor(() => expect(calls()).toBe(2));

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Refresh Now' }));
    await vi.waitFor(() => expect(calls()).toBe(3));

    await user.click(screen.getByRole('button', { name: 'Disable Auto-refresh' }));
    expect(screen.getByRole('button', { name: 'Enable Auto-refresh' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * REFRESH.recent));
    expect(calls()).toBe(3);
  });
});
