import { JOB_STATS_TEXT } from '@jobboard/contract/jobs';
import { render, screen, within } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import { SharedUiProvider } from '../SharedUiProvider';
import { DailyStatsChart } from '../stats/DailyStatsChart';

const DAYS = [
  { day: '2026-11-20', views: 4, applyClicks: 1 },
  { day: '2026-11-21', views: 0, applyClicks: 0 },
  { day: '2026-11-22', views: 8, applyClicks: 2 },
];

const renderChart = (days = DAYS) =>
  render(
    <SharedUiProvider>
      <DailyStatsChart days={days} />
    </SharedUiProvider>,
  );

describe('<DailyStatsChart />', () => {
  it('labels the chart with its totals and draws one pair of bars a day, scaled to the largest', () => {
    renderChart();
    const chart = screen.getByRole('img', {
      name: JOB_STATS_TEXT.chartLabel(12, 3, 3),
    });
    const views = chart.querySelectorAll('rect.views');
    const apply = chart.querySelectorAll('rect.apply');
    expect(views).toHaveLength(3);
    expect(apply).toHaveLength(3);
    const heights = [...views].map((r) => Number(r.getAttribute('height')));
    expect(heights[2]).toBeGreaterThan(heights[0]!);
    expect(heights[1]).toBe(0);
  });

  it('has a table with every day, newest first, and the totals: the numbers the chart shows', () => {
    renderChart();
    const table = screen.getByRole('table', { name: JOB_STATS_TEXT.caption(3) });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayViewsApply clicks',
      '2026-11-2282',
      '2026-11-2100',
      '2026-11-2041',
      'Total123',
    ]);
    expect(within(table).getByRole('rowheader', { name: '2026-11-22' })).toBeInTheDocument();
  });

  it('draws an empty range without dividing by zero', () => {
    renderChart([{ day: '2026-11-22', views: 0, applyClicks: 0 }]);
    const chart = screen.getByRole('img', { name: JOB_STATS_TEXT.chartLabel(0, 0, 1) });
    expect(chart.querySelector('rect.views')?.getAttribute('height')).toBe('0');
  });
});

describe('<DailyStatsChart /> of a job with an applicant inbox', () => {
  const WITH_APPLICATIONS = DAYS.map((d, i) => ({ ...d, applications: [1, 0, 3][i]! }));

  it('draws a third bar a day and says the applications in its label', () => {
    renderChart(WITH_APPLICATIONS);
    const chart = screen.getByRole('img', {
      name: JOB_STATS_TEXT.chartLabelWithApplications(12, 3, 4, 3),
    });
    expect(chart.querySelectorAll('rect.applications')).toHaveLength(3);
  });

  it('has an Applications column in its table, with their total', () => {
    renderChart(WITH_APPLICATIONS);
    const table = screen.getByRole('table', {
      name: JOB_STATS_TEXT.captionWithApplications(3),
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DayViewsApply clicksApplications',
      '2026-11-22823',
      '2026-11-21000',
      '2026-11-20411',
      'Total1234',
    ]);
  });
});
