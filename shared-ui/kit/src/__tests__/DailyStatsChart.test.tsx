import { JOB_STATS_TEXT, type JobStatsDay } from '@jobboard/contract/jobs';
import { cellsOf, statsDay } from '@jobboard/test-utils';
import { cleanup, render, screen, within } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import { SharedUiProvider } from '../SharedUiProvider';
import { DailyStatsChart } from '../stats/DailyStatsChart';

const DAYS = [
  { day: '2026-11-20', views: 4, applyClicks: 1 },
  { day: '2026-11-21', views: 0, applyClicks: 0 },
  { day: '2026-11-22', views: 8, applyClicks: 2 },
];

const renderChart = (days: readonly JobStatsDay[] = DAYS) =>
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

describe('<DailyStatsChart /> by channel (issue 44)', () => {
  // Two days with channels; the first also has a view counted before channels were.
  const BY_CHANNEL = [
    statsDay('2026-11-20', { board: [1, 0], newsletter: [3, 1] }, { views: 1 }),
    statsDay('2026-11-21', {}),
    statsDay('2026-11-22', { newsletter: [2, 2], direct: [2, 0] }),
  ];

  it('splits each bar by channel, in the legend’s order, the parts adding up to the bar', () => {
    renderChart(BY_CHANNEL);
    const chart = screen.getByRole('img', { name: JOB_STATS_TEXT.chartLabel(9, 3, 3) });
    const rects = (bar: string, day: number) => [
      ...chart.querySelectorAll(`g.${bar}`)[day]!.querySelectorAll('rect'),
    ];
    // One count's height: the board's part of the first day's views.
    const unit = Number(rects('views', 0)[0]!.getAttribute('height'));
    const parts = (bar: string, day: number) =>
      rects(bar, day).map((r) => [
        r.getAttribute('data-channel'),
        Math.round(Number(r.getAttribute('height')) / unit),
      ]);
    expect(parts('views', 0)).toEqual([
      ['board', 1],
      ['newsletter', 3],
      ['not-recorded', 1],
    ]);
    expect(parts('apply', 0)).toEqual([['newsletter', 1]]);
    expect(parts('views', 1)).toEqual([]);
    expect(parts('views', 2)).toEqual([
      ['newsletter', 2],
      ['direct', 2],
    ]);
    // Stacked: each part starts where the one below it ends.
    const [board, newsletter] = rects('views', 0);
    expect(
      Number(newsletter!.getAttribute('y')) + Number(newsletter!.getAttribute('height')),
    ).toBeCloseTo(Number(board!.getAttribute('y')));
  });

  it('has a table by channel and one by channel each day, with the same figures', () => {
    renderChart(BY_CHANNEL);
    const rows = (caption: string) => cellsOf(screen.getByRole('table', { name: caption }));
    expect(rows(JOB_STATS_TEXT.byChannelCaption(3))).toEqual([
      ['Channel', 'Views', 'Apply clicks'],
      ['The board', '1', '0'],
      ['Newsletter', '5', '3'],
      ['Direct', '2', '0'],
      ['Channel not recorded', '1', '0'],
      ['Total', '9', '3'],
    ]);
    expect(rows(JOB_STATS_TEXT.byChannelDayCaption(3))).toEqual([
      [
        'Day',
        'The board: views',
        'The board: apply clicks',
        'Newsletter: views',
        'Newsletter: apply clicks',
        'Direct: views',
        'Direct: apply clicks',
        'Channel not recorded: views',
        'Channel not recorded: apply clicks',
      ],
      ['2026-11-22', '0', '0', '2', '2', '2', '0', '0', '0'],
      ['2026-11-21', '0', '0', '0', '0', '0', '0', '0', '0'],
      ['2026-11-20', '1', '0', '3', '1', '0', '0', '1', '0'],
    ]);
    // The day table stays as it was.
    expect(screen.getByRole('table', { name: JOB_STATS_TEXT.caption(3) })).toBeInTheDocument();
  });

  it('names a channel it does not know by its name, and adds no table where nothing was counted', () => {
    const later = [
      {
        day: '2026-11-22',
        views: 2,
        applyClicks: 0,
        channels: [{ channel: 'threads', views: 2, applyClicks: 0 }],
      },
    ] as unknown as JobStatsDay[];
    renderChart(later);
    expect(
      within(screen.getByRole('table', { name: JOB_STATS_TEXT.byChannelCaption(1) })).getByRole(
        'rowheader',
        { name: 'threads' },
      ),
    ).toBeInTheDocument();
    cleanup();
    renderChart([statsDay('2026-11-23', {})]);
    expect(screen.queryByRole('table', { name: JOB_STATS_TEXT.byChannelCaption(1) })).toBeNull();
  });
});
