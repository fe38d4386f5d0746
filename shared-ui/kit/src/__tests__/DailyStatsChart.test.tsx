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
