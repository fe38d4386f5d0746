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
