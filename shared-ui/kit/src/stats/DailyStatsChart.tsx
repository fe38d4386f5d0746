import { JOB_STATS_TEXT, type JobStatsDay } from '@jobboard/contract/jobs';
import styled from 'styled-components';
import { Table } from '../primitives/Table';

/** The drawing's size in its own units (it scales to its container's width). */
const WIDTH = 600;
const HEIGHT = 120;
const GAP = 2;

/**
 * A job's views and apply clicks by day (docs/product.md#numbers): a small bar chart, and the
 * table under it, which is what it says (the chart is one labelled image with the totals; the
 * table has every day for a screen reader and for anyone who wants the numbers). Shared by the
 * admin's job page and the employer's page; `days` oldest first, as the API answers them. A job
 * with an applicant inbox has its applications each day too (issue 42): a third bar and column.
 */
export function DailyStatsChart({ days }: { days: readonly JobStatsDay[] }) {
  const views = days.reduce((sum, d) => sum + d.views, 0);
  const applyClicks = days.reduce((sum, d) => sum + d.applyClicks, 0);
  const withApplications = days.some((d) => d.applications !== undefined);
  const applications = days.reduce((sum, d) => sum + (d.applications ?? 0), 0);
  const series: { className: string; of: (d: JobStatsDay) => number }[] = [
    { className: 'views', of: (d) => d.views },
    { className: 'apply', of: (d) => d.applyClicks },
    ...(withApplications
      ? [{ className: 'applications', of: (d: JobStatsDay) => d.applications ?? 0 }]
      : []),
  ];
  const top = Math.max(1, ...days.flatMap((d) => series.map((s) => s.of(d))));
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  const bar = Math.max(1, (slot - GAP * (series.length + 1)) / series.length);
  const height = (n: number) => (n / top) * (HEIGHT - 4);
  const label = withApplications
    ? JOB_STATS_TEXT.chartLabelWithApplications(views, applyClicks, applications, days.length)
    : JOB_STATS_TEXT.chartLabel(views, applyClicks, days.length);
  const columns = [
    JOB_STATS_TEXT.day,
    JOB_STATS_TEXT.views,
    JOB_STATS_TEXT.applyClicks,
    ...(withApplications ? [JOB_STATS_TEXT.applications] : []),
  ];
  return (
    <figure style={{ margin: 0 }}>
      <Svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        data-testid="daily-stats-chart"
      >
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="axis" />
        {days.map((d, i) => (
          <g key={d.day}>
            {series.map((s, k) => (
              <rect
                key={s.className}
                className={s.className}
                x={i * slot + GAP * (k + 1) + bar * k}
                y={HEIGHT - height(s.of(d))}
                width={bar}
                height={height(s.of(d))}
              />
            ))}
          </g>
        ))}
      </Svg>
      <Legend aria-hidden="true">
        <span className="views">{JOB_STATS_TEXT.views}</span>
        <span className="apply">{JOB_STATS_TEXT.applyClicks}</span>
        {withApplications && <span className="applications">{JOB_STATS_TEXT.applications}</span>}
      </Legend>
      <Table
        caption={
          withApplications
            ? JOB_STATS_TEXT.captionWithApplications(days.length)
            : JOB_STATS_TEXT.caption(days.length)
        }
        columns={columns}
      >
        {[...days].reverse().map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{d.views}</td>
            <td>{d.applyClicks}</td>
            {withApplications && <td>{d.applications ?? 0}</td>}
          </tr>
        ))}
        <tr>
          <th scope="row">{JOB_STATS_TEXT.total}</th>
          <td>{views}</td>
          <td>{applyClicks}</td>
          {withApplications && <td>{applications}</td>}
        </tr>
      </Table>
    </figure>
  );
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 120px;
  .axis {
    stroke: ${({ theme }) => theme.colors.borderStrong};
  }
  .views {
    fill: ${({ theme }) => theme.colors.primary};
  }
  .apply {
    fill: ${({ theme }) => theme.colors.accent};
  }
  .applications {
    fill: ${({ theme }) => theme.colors.success};
  }
`;

const Legend = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span::before {
    content: '';
    display: inline-block;
    width: 0.75em;
    height: 0.75em;
    margin-right: 0.35em;
  }
  .views::before {
    background: ${({ theme }) => theme.colors.primary};
  }
  .apply::before {
    background: ${({ theme }) => theme.colors.accent};
  }
  .applications::before {
    background: ${({ theme }) => theme.colors.success};
  }
`;
