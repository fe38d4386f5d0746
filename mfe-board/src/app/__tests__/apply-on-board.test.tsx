import type { Job, SearchResponse } from '@jobboard/contract/jobs';
import { useToastStore } from '@jobboard/shared-ui';
import { Route } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { cleanup, screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetSentJobViews } from '../../features/jobs/api/job-view';
import { makeJob } from '../../test-support/jobs';
import { renderAt } from '../../test-support/render';
import BoardPage from '../BoardPage';

/**
 * Issue 42 on the board's pages: each job's Apply by how it takes applications, from its card and
 * from its page (the job's dialog), and nowhere a word of an application that was not sent.
 */

const BOARD = makeJob({
  id: '1',
  title: 'Data Editor',
  apply: { method: 'board', questions: [] },
});
const LINK = makeJob({
  id: '2',
  title: 'Grants Writer',
  applicationUrl: 'https://harbor.example/jobs/grants',
  apply: { method: 'link', questions: [] },
});
const NONE = makeJob({
  id: '3',
  title: 'Volunteer Coordinator',
  apply: { method: 'none', questions: [], howToApply: 'Send a letter to the office.' },
});
const JOBS: Job[] = [BOARD, LINK, NONE];

function renderBoard(path: string) {
  fakeApi({
    'POST /api/jobs/search': [
      200,
      { jobs: JOBS, total: 3, totalExact: true, page: 1, pageSize: 10 } satisfies SearchResponse,
    ],
    'GET /api/locations': [200, []],
    'GET /api/categories': [200, []],
  });
  return renderAt(
    path,
    <>
      <Route path="/" element={<BoardPage />} />
      <Route path="/jobs/:id" element={<BoardPage />} />
    </>,
  );
}

const card = (title: string) => screen.getByRole('article', { name: title });
const location = () => screen.getByTestId('location');

beforeEach(() => {
  localStorage.clear();
  forgetSentJobViews();
  useToastStore.setState({ toasts: [] });
});

// A job's dialog left open is closed by the cleanup, and its focus scope gives the focus back a
// moment later: while the page still exists, not after the file's last test tore it down.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe("a job's Apply on the board", () => {
  it('each card offers what its job takes: the form, the link, or nothing', async () => {
    renderBoard('/');
    await screen.findByRole('article', { name: 'Data Editor' });
    expect(within(card('Data Editor')).getByRole('link', { name: 'Apply' })).toHaveAttribute(
      'href',
      '/jobs/1/application',
    );
    const link = within(card('Grants Writer')).getByRole('link', { name: /Find Out More/ });
    expect(link).toHaveAttribute('href', '/jobs/2/apply?via=board');
    expect(link).toHaveAttribute('target', '_blank');
    const none = card('Volunteer Coordinator');
    expect(within(none).queryByRole('link', { name: /Apply|Find Out More/ })).toBeNull();
    expect(within(none).queryByRole('button', { name: /Apply|Find Out More/ })).toBeNull();
  });

  it("the job's page opens the application over it; Escape closes that alone", async () => {
    renderBoard('/jobs/1');
    const job = await screen.findByRole('dialog', { name: 'Data Editor' });
    await userEvent.click(within(job).getByRole('link', { name: 'Apply on the board' }));
    const application = await screen.findByRole('dialog', { name: 'Apply for Data Editor' });
    await within(application).findByLabelText('Your name');
    await waitFor(() => expect(within(application).getByLabelText('Your name')).toHaveFocus());
    await userEvent.type(within(application).getByLabelText('Your name'), 'Ada');

    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Apply for Data Editor' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Data Editor' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/jobs/1');
    // The focus is back on the button that opened it, and nothing was said to be sent.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Apply on the board' })).toHaveFocus(),
    );
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a job that takes no application here says how to apply on its page, with no button', async () => {
    renderBoard('/jobs/3');
    const job = await screen.findByRole('dialog', { name: 'Volunteer Coordinator' });
    const section = within(job).getByRole('heading', { name: 'How to apply' }).closest('section')!;
    expect(section).toHaveTextContent('Send a letter to the office.');
    expect(within(job).queryByRole('link', { name: /Apply|View Job Posting/ })).toBeNull();
    expect(within(job).queryByRole('button', { name: /Apply|View Job Posting/ })).toBeNull();
  });

  it('a job that takes applications by its link keeps View Job Posting, in a new tab', async () => {
    renderBoard('/jobs/2');
    const job = await screen.findByRole('dialog', { name: 'Grants Writer' });
    const link = within(job).getByRole('link', { name: /View Job Posting/ });
    // The page's own job, reached with no link's channel and no referrer: a direct visit.
    expect(link).toHaveAttribute('href', '/jobs/2/apply?via=direct');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(job).queryByRole('heading', { name: 'How to apply' })).toBeNull();
  });
});
