import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '../../../test-support/jobs';
import { renderWithProviders } from '../../../test-support/render';
import { JobCard } from '../components/JobCard';
import { useBookmarks } from '../stores/bookmarks-store';

const location = () => screen.getByTestId('location');

beforeEach(() => {
  localStorage.clear();
  useBookmarks.getState().reload();
});

describe('a job card', () => {
  it('shows the fields of docs/product.md#routes-and-screens', () => {
    const job = makeJob({
      id: '5',
      title: 'Grants Manager',
      location: 'Washington, DC, Remote',
      jobType: 'Contract',
      remote: true,
      description: 'Runs the grants calendar.',
      postedDate: '2026-11-02',
      salary: '$82,000 - $96,000 a year',
      salaryMin: 82000,
      salaryMax: 96000,
      pay: { min: 82000, max: 96000, period: 'year', currency: 'USD' },
      deadline: '2026-12-15',
    });
    renderWithProviders(<JobCard job={job} />);
    const card = screen.getByRole('article', { name: 'Grants Manager' });
    expect(within(card).getByRole('heading', { name: 'Grants Manager' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Coastal Justice Fund');
    expect(card).toHaveTextContent('Washington, DC, Remote');
    expect(within(card).getByText('Contract')).toBeInTheDocument();
    expect(within(card).getByText('Remote')).toBeInTheDocument();
    expect(card).toHaveTextContent('Runs the grants calendar.');
    expect(card).toHaveTextContent('Posted November 2, 2026');
    expect(within(card).getByText('$82,000 - $96,000 a year')).toBeInTheDocument();
    expect(card).toHaveTextContent('Deadline: December 15, 2026');
    expect(card).not.toHaveTextContent('★');
  });

  it.each([
    ['an hourly pay', { min: 25, max: 30, period: 'hour' as const }, '$25 - $30 an hour'],
    ['a stipend', { min: 5000, max: 5000, period: 'stipend' as const }, '$5,000 stipend'],
    [
      'a monthly pay with cents',
      { min: 3000, max: 3250.5, period: 'month' as const },
      '$3,000 - $3,250.50 a month',
    ],
    ['a yearly floor', { min: 60000, max: null, period: 'year' as const }, 'From $60,000 a year'],
  ])('shows %s with its period', (_name, pay, line) => {
    // From the pay itself: no yearly figures for a pay per another period, as the API answers.
    const job = makeJob({ title: 'Organizer', pay: { ...pay, currency: 'USD' } });
    renderWithProviders(<JobCard job={job} />);
    const card = screen.getByRole('article', { name: 'Organizer' });
    expect(within(card).getByText(line)).toBeInTheDocument();
  });

  it('marks a featured job with a star before its title', () => {
    renderWithProviders(<JobCard job={makeJob({ title: 'Executive Director', featured: true })} />);
    const title = screen.getByRole('heading', { name: 'Featured job: Executive Director' });
    expect(title.textContent).toMatch(/^★ /);
    // The highlighted ring: a second, featured-coloured border drawn around the card.
    expect(getComputedStyle(screen.getByRole('article')).boxShadow).toMatch(/^0 0 0 2px/);
  });

  it('shows markup in any field as text, salary text included', () => {
    const markup = '</script><script>alert(1)</script>"><img src=x onerror=alert(1)>';
    const job = makeJob({
      title: `Editor ${markup}`,
      organization: `Org ${markup}`,
      company: { name: `Org ${markup}`, description: markup, websiteUrl: '' },
      location: `City ${markup}`,
      jobType: markup.slice(-30),
      description: `About ${markup}`,
      salary: `$50k ${markup}`,
      salaryMin: null,
      salaryMax: null,
      deadline: `Rolling ${markup}`,
    });
    const { container } = renderWithProviders(<JobCard job={job} />);
    const card = screen.getByRole('article', { name: `Editor ${markup}` });
    for (const text of [`Org ${markup}`, `City ${markup}`, `About ${markup}`, `$50k ${markup}`]) {
      expect(card).toHaveTextContent(text);
    }
    expect(container.querySelector('img[src="x"], script')).toBeNull();
  });

  it('leaves out the salary and deadline lines when the job has none', () => {
    renderWithProviders(<JobCard job={makeJob({ title: 'Copy Editor' })} />);
    const card = screen.getByRole('article', { name: 'Copy Editor' });
    expect(card).not.toHaveTextContent('$');
    expect(card).not.toHaveTextContent('Deadline');
  });

  it('Find Out More opens the application page in a new tab when there is one', () => {
    const job = makeJob({
      id: '7',
      applicationUrl: 'https://example.org/apply',
      apply: { method: 'link', questions: [] },
    });
    renderWithProviders(<JobCard job={job} />);
    const link = screen.getByRole('link', { name: /Find Out More/ });
    // Through the board's counter, which redirects to the job's own address.
    // For the board: a card is the board's own (docs/product.md#numbers).
    expect(link).toHaveAttribute('href', '/jobs/7/apply?via=board');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links a job of an older API answer (no apply) by its web address, as before', () => {
    renderWithProviders(<JobCard job={makeJob({ id: '8', applicationUrl: 'https://x.org/a' })} />);
    expect(screen.getByRole('link', { name: /Find Out More/ })).toHaveAttribute(
      'href',
      '/jobs/8/apply?via=board',
    );
  });

  it("offers Apply, a link to the board's own form, for a job that takes applications here", () => {
    const job = makeJob({ id: '9', apply: { method: 'board', questions: [] } });
    renderWithProviders(<JobCard job={job} />);
    const apply = screen.getByRole('link', { name: 'Apply' });
    // The server-drawn form, which works before the page is live (and without JavaScript).
    expect(apply).toHaveAttribute('href', '/jobs/9/application');
    expect(apply).not.toHaveAttribute('target');
    expect(screen.queryByRole('link', { name: /Find Out More/ })).not.toBeInTheDocument();
  });

  it('has no apply button for a job that takes no applications here', () => {
    renderWithProviders(
      <JobCard
        job={makeJob({
          title: 'Volunteer Coordinator',
          apply: { method: 'none', questions: [], howToApply: 'Write to us.' },
        })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Volunteer Coordinator' });
    expect(within(card).queryByRole('link', { name: /Find Out More|Apply/ })).toBeNull();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Bookmark')]);
  });

  it('never links to an address that is not a web page', () => {
    renderWithProviders(<JobCard job={makeJob({ applicationUrl: 'javascript:alert(1)' })} />);
    expect(screen.queryByRole('link', { name: /Find Out More/ })).not.toBeInTheDocument();
  });

  it('toggles its bookmark without opening the job', async () => {
    renderWithProviders(<JobCard job={makeJob({ id: '8' })} />);
    const bookmark = screen.getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(bookmark);
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(useBookmarks.getState().ids).toEqual(['8']);
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('opens the job from its title link or anywhere on the card, keeping the filters', async () => {
    renderWithProviders(
      <JobCard job={makeJob({ id: '21', title: 'Data Journalist' })} />,
      '/?q=data',
    );
    expect(screen.getByRole('link', { name: 'Data Journalist' })).toHaveAttribute(
      'href',
      '/jobs/21?q=data',
    );
    await userEvent.click(screen.getByText('A role that matters.'));
    expect(location()).toHaveTextContent('/jobs/21?q=data');
  });

  it('says an expired job takes no more applications, and has no apply button', () => {
    renderWithProviders(<JobCard job={makeJob({ expired: true })} />);
    expect(screen.getByText('This job is no longer accepting applications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find Out More' })).not.toBeInTheDocument();
  });
});
