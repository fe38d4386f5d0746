import { formatCents, VisuallyHidden } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { STATS_TEXT } from '../messages';

const WIDTH = 640;
const HEIGHT = 200;
const BASELINE = 170;
const TOP = 24;

/** 'Nov 2026' for '2026-11'. */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Revenue by month as bars in plain SVG (no chart library to load for twelve bars). The picture
 * is named by a one-line summary; the same figures are in a table for screen readers, and each
 * bar carries its month and amount as visible labels.
 */
export function RevenueChart({ months }: { months: { month: string; cents: number }[] }) {
  const highest = Math.max(1, ...months.map((m) => m.cents));
  const slot = WIDTH / Math.max(1, months.length);
  const total = months.reduce((sum, m) => sum + m.cents, 0);
  return (
    <figure aria-labelledby="revenue-heading">
      <h3 id="revenue-heading">{STATS_TEXT.revenueHeading}</h3>
      <Svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={STATS_TEXT.revenueSummary(formatCents(total), months.length)}
        data-testid="revenue-chart"
      >
        <line x1={0} x2={WIDTH} y1={BASELINE} y2={BASELINE} className="axis" />
        {months.map((m, i) => {
          const height = Math.round(((BASELINE - TOP) * m.cents) / highest);
          const x = i * slot + slot * 0.15;
          return (
            <g key={m.month}>
              <rect x={x} y={BASELINE - height} width={slot * 0.7} height={height} />
              {m.cents > 0 && (
                <text x={x + slot * 0.35} y={BASELINE - height - 4} textAnchor="middle">
                  {formatCents(m.cents)}
                </text>
              )}
              <text x={x + slot * 0.35} y={BASELINE + 16} textAnchor="middle" className="month">
                {monthLabel(m.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </Svg>
      <VisuallyHidden>
        <table>
          <caption>{STATS_TEXT.revenueHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{STATS_TEXT.month}</th>
              <th scope="col">{STATS_TEXT.revenue}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatCents(m.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}

const Svg = styled.svg`
  width: 100%;
  max-width: ${WIDTH}px;
  height: auto;
  rect {
    fill: ${({ theme }) => theme.colors.primary};
  }
  text {
    font-size: 11px;
    fill: ${({ theme }) => theme.colors.text};
  }
  .axis {
    stroke: ${({ theme }) => theme.colors.border};
  }
`;
