import { JOB_STATS_TEXT, type JobStatsDay } from '@jobboard/contract/jobs';
import styled from 'styled-components';
import { Table } from '../primitives/Table';
import { ChannelTables } from './ChannelTables';
import { channelSeries, sumOfDays, type ChannelSeries } from './channel-series';

/** The drawing's size in its own units (it scales to its container's width). */
const WIDTH = 600;
const HEIGHT = 120;
const GAP = 2;

/** One bar a day: its figure, and the parts it splits into (by channel), bottom first. */
interface Bar {
  className: string;
  of: (d: JobStatsDay) => number;
  parts?: { key: string; color: string; of: (d: JobStatsDay) => number }[];
}

/**
 * A job's views and apply clicks by day (docs/product.md#numbers): a small bar chart, and the
 * table under it, which is what it says (the chart is one labelled image with the totals; the
 * table has every day for a screen reader and for anyone who wants the numbers). Shared by the
 * admin's job page and dashboard and the employer's page; `days` oldest first, as the API answers
 * them. A job with an applicant inbox has its applications each day too (issue 42): a third bar
 * and column. Days that carry their channels (issue 44) have each bar split by channel, a legend
 * of the channels, and two more tables of the same figures: by channel, and by channel each day.
 */
export function DailyStatsChart({ days }: { days: readonly JobStatsDay[] }) {
  const views = sumOfDays(days, (d) => d.views);
  const applyClicks = sumOfDays(days, (d) => d.applyClicks);
  const withApplications = days.some((d) => d.applications !== undefined);
  const applications = sumOfDays(days, (d) => d.applications ?? 0);
  // Split by channel when there is anything to split.
  const series = views + applyClicks > 0 ? channelSeries(days) : [];
  const split = (part: 'views' | 'applyClicks') =>
    series.length > 0
      ? series.map((s: ChannelSeries) => ({ key: s.key, color: s.color, of: s[part] }))
      : undefined;
  const bars: Bar[] = [
    { className: 'views', of: (d) => d.views, parts: split('views') },
    { className: 'apply', of: (d) => d.applyClicks, parts: split('applyClicks') },
    ...(withApplications
      ? [{ className: 'applications', of: (d: JobStatsDay) => d.applications ?? 0 }]
      : []),
  ];
  const top = Math.max(1, ...days.flatMap((d) => bars.map((b) => b.of(d))));
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  const bar = Math.max(1, (slot - GAP * (bars.length + 1)) / bars.length);
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
            {bars.map((b, k) => {
              const x = i * slot + GAP * (k + 1) + bar * k;
              if (!b.parts) {
                return (
                  <rect
                    key={b.className}
                    className={b.className}
                    x={x}
                    y={HEIGHT - height(b.of(d))}
                    width={bar}
                    height={height(b.of(d))}
                  />
                );
              }
              // The bar's parts stacked from the axis up, in the legend's order.
              let below = 0;
              return (
                <g key={b.className} className={b.className}>
                  {b.parts.map((part) => {
                    const h = height(part.of(d));
                    below += h;
                    return h > 0 ? (
                      <rect
                        key={part.key}
                        data-channel={part.key}
                        fill={part.color}
                        x={x}
                        y={HEIGHT - below}
                        width={bar}
                        height={h}
                      />
                    ) : null;
                  })}
                </g>
              );
            })}
          </g>
        ))}
      </Svg>
      {series.length > 0 ? (
        <Legend aria-hidden="true">
          {series.map((s) => (
            <span key={s.key}>
              <Swatch style={{ background: s.color }} />
              {s.label}
            </span>
          ))}
          {withApplications && <span className="applications">{JOB_STATS_TEXT.applications}</span>}
          <Note>{JOB_STATS_TEXT.chartByChannel}</Note>
        </Legend>
      ) : (
        <Legend aria-hidden="true">
          <span className="views">{JOB_STATS_TEXT.views}</span>
          <span className="apply">{JOB_STATS_TEXT.applyClicks}</span>
          {withApplications && <span className="applications">{JOB_STATS_TEXT.applications}</span>}
        </Legend>
      )}
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
      {series.length > 0 && <ChannelTables days={days} series={series} />}
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
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  .views::before,
  .apply::before,
  .applications::before {
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

const Swatch = styled.span`
  display: inline-block;
  width: 0.75em;
  height: 0.75em;
  margin-right: 0.35em;
`;

const Note = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
`;
