import { screen, within } from '@jobboard/test-utils/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '../../../test-support/jobs';
import { renderWithProviders } from '../../../test-support/render';
import { JobDetail } from '../components/JobDetail';
import { useBookmarks } from '../stores/bookmarks-store';

beforeEach(() => {
  localStorage.clear();
  useBookmarks.getState().reload();
});

describe("a job's workplace on its page (issue 47)", () => {
  it.each([
    [{ workplaceType: 'on_site' as const, remotePlaces: '' }, 'On-site'],
    [{ workplaceType: 'hybrid' as const, remotePlaces: 'MD, VA, DC' }, 'Hybrid (MD, VA, DC)'],
    [{ workplaceType: 'remote' as const, remotePlaces: 'US', remote: true }, 'Remote (US)'],
    [{ workplaceType: 'remote' as const, remotePlaces: '', remote: true }, 'Remote'],
  ])('%j reads %s', (workplace, words) => {
    renderWithProviders(<JobDetail job={makeJob({ jobType: 'Full-time', ...workplace })} />);
    expect(screen.getByText(words)).toBeInTheDocument();
  });

  it('a job from an API before workplaces: remote by its flag', () => {
    renderWithProviders(<JobDetail job={makeJob({ jobType: 'Full-time', remote: true })} />);
    expect(screen.getByText('Remote')).toBeInTheDocument();
  });
});

describe("a job's detail", () => {
  it('shows the benefits given with the pay beside it, apart from the Benefits list', () => {
    const job = makeJob({
      salary: '$25 - $30 an hour',
      pay: {
        min: 25,
        max: 30,
        period: 'hour',
        currency: 'USD',
        benefits: 'Health, dental and vision; 403(b) with a 5% match',
      },
      benefits: ['Four-day week'],
    });
    renderWithProviders(<JobDetail job={job} />);
    expect(screen.getByText('$25 - $30 an hour')).toBeInTheDocument();
    expect(
      screen.getByText('Benefits: Health, dental and vision; 403(b) with a 5% match'),
    ).toBeInTheDocument();
    const list = screen.getByRole('heading', { name: 'Benefits' }).closest('section')!;
    expect(within(list).getByRole('listitem')).toHaveTextContent('Four-day week');
    expect(list).not.toHaveTextContent('403(b)');
  });

  it('has no benefits line when the pay gives none', () => {
    const job = makeJob({ pay: { min: 5000, max: 5000, period: 'stipend', currency: 'USD' } });
    renderWithProviders(<JobDetail job={job} />);
    expect(screen.getByText('$5,000 stipend')).toBeInTheDocument();
    expect(screen.queryByText(/^Benefits:/)).toBeNull();
  });
});

describe("a job's way to apply", () => {
  const howToApply = () => screen.queryByRole('heading', { name: 'How to apply' });

  it('says how to apply, in its own words, for a job that takes no applications here', () => {
    const job = makeJob({
      apply: { method: 'none', questions: [], howToApply: 'Send a cover letter to the office.' },
    });
    renderWithProviders(<JobDetail job={job} />);
    const section = howToApply()!.closest('section')!;
    expect(section).toHaveTextContent('Send a cover letter to the office.');
    expect(screen.queryByRole('link', { name: /View Job Posting|Apply/ })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Bookmark'),
    ]);
  });

  it('says the listing does not say how, when it has no words of its own', () => {
    renderWithProviders(<JobDetail job={makeJob({ apply: { method: 'none', questions: [] } })} />);
    expect(howToApply()!.closest('section')).toHaveTextContent(
      'This listing does not say how to apply. Please contact the organisation directly.',
    );
  });

  it('reads a job of an older API answer without a usable link as one that says how', () => {
    renderWithProviders(<JobDetail job={makeJob({ applicationUrl: 'mailto:jobs@x.org' })} />);
    expect(howToApply()).toBeInTheDocument();
  });

  it("shows the employer's words on applying beside the Apply of any way", () => {
    const job = makeJob({
      apply: { method: 'board', questions: [], howToApply: 'Include two writing samples.' },
    });
    renderWithProviders(<JobDetail job={job} />);
    expect(howToApply()!.closest('section')).toHaveTextContent('Include two writing samples.');
    expect(screen.getByRole('link', { name: 'Apply on the board' })).toBeInTheDocument();
  });

  it('offers Apply on the board, a link to its form, for a job that takes applications here', () => {
    renderWithProviders(
      <JobDetail job={makeJob({ id: '31', apply: { method: 'board', questions: [] } })} />,
    );
    expect(screen.getByRole('link', { name: 'Apply on the board' })).toHaveAttribute(
      'href',
      '/jobs/31/application',
    );
    expect(howToApply()).toBeNull();
  });

  it('keeps View Job Posting for a job that takes applications by its link', () => {
    const job = makeJob({
      id: '32',
      applicationUrl: 'https://x.org/jobs/32',
      apply: { method: 'link', questions: [] },
    });
    renderWithProviders(<JobDetail job={job} />);
    expect(screen.getByRole('link', { name: /View Job Posting/ })).toHaveAttribute(
      'href',
      '/jobs/32/apply?via=board',
    );
    expect(howToApply()).toBeNull();
  });

  it('has neither for an ended job: it takes no applications at all', () => {
    const job = makeJob({
      expired: true,
      apply: { method: 'none', questions: [], howToApply: 'Write to us.' },
    });
    renderWithProviders(<JobDetail job={job} />);
    expect(screen.getByText('This job is no longer accepting applications.')).toBeInTheDocument();
    expect(howToApply()).toBeNull();
    expect(screen.queryByText('Write to us.')).toBeNull();
  });
});
