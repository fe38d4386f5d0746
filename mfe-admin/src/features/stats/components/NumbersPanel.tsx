import { APPLY_LINK_TEXT } from '@jobboard/contract/jobs';
import { Card, Spinner, errorMessage, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useAdminStats } from '../api/admin-stats';
import { STATS_TEXT } from '../messages';
import { RevenueChart } from './RevenueChart';
import { TrafficPanel } from './TrafficPanel';

/**
 * The dashboard's numbers at a glance (issue 16): live, ending soon, waiting for review, paid
 * this month, and revenue by month as a chart; the day of the last re-sync (once there was one),
 * the confirmed job alerts, and the applications the board holds and got this month; the whole
 * board's views and apply clicks by channel and day (issue 44); the live listings whose
 * application link is not working, as a link to them (issue 45).
 */
export function NumbersPanel() {
  const { data: stats, error } = useAdminStats();
  if (error) return <p role="alert">{errorMessage(error, STATS_TEXT.failed)}</p>;
  if (!stats) return <Spinner label={STATS_TEXT.loading} />;
  const tiles: [string, ReactNode][] = [
    [STATS_TEXT.live, stats.live.toLocaleString('en-US')],
    [STATS_TEXT.expiringSoon, stats.expiringSoon.toLocaleString('en-US')],
    [STATS_TEXT.pendingReview, stats.pendingReview.toLocaleString('en-US')],
    [STATS_TEXT.paidThisMonth, stats.paidThisMonth.toLocaleString('en-US')],
  ];
  if (stats.lastSync) tiles.push([STATS_TEXT.lastSync, formatUsDate(stats.lastSync.slice(0, 10))]);
  tiles.push([STATS_TEXT.confirmedAlerts, stats.confirmedAlerts.toLocaleString('en-US')]);
  // An API before applications (issue 42) sends neither: no tile rather than a made-up 0.
  if (stats.applications !== undefined) {
    tiles.push([STATS_TEXT.applications, stats.applications.toLocaleString('en-US')]);
  }
  if (stats.applicationsThisMonth !== undefined) {
    tiles.push([
      STATS_TEXT.applicationsThisMonth,
      stats.applicationsThisMonth.toLocaleString('en-US'),
    ]);
  }
  // Live listings whose application link is not working (issue 45): the list shows which.
  if (stats.flaggedLinks !== undefined) {
    tiles.push([
      APPLY_LINK_TEXT.dashboardCount,
      <Link key="links" to="/admin/dashboard?link=flagged">
        {stats.flaggedLinks.toLocaleString('en-US')}
      </Link>,
    ]);
  }
  return (
    <Panel as="section" aria-labelledby="numbers-heading">
      <h2 id="numbers-heading">{STATS_TEXT.heading}</h2>
      <Tiles>
        {tiles.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Tiles>
      <RevenueChart months={stats.revenueByMonth} />
      <TrafficPanel stats={stats.boardStats} />
    </Panel>
  );
}

const Panel = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 {
    margin-top: 0;
  }
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.md};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: 1.75rem;
    font-weight: 700;
  }
`;
