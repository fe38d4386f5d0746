import { JOB_STATS_TEXT, type JobStatsDay } from '@jobboard/contract/jobs';
import { Table } from '../primitives/Table';
import { sumOfDays, type ChannelSeries } from './channel-series';

/**
 * The chart's figures by channel, in words (issue 44, docs/product.md#numbers): each channel's
 * views and apply clicks over the days, with the total; then each day's, newest first, two
 * columns a channel. What the bars' parts show, for a screen reader and for anyone who wants the
 * numbers.
 */
export function ChannelTables({
  days,
  series,
}: {
  days: readonly JobStatsDay[];
  series: readonly ChannelSeries[];
}) {
  const views = sumOfDays(days, (d) => d.views);
  const applyClicks = sumOfDays(days, (d) => d.applyClicks);
  return (
    <>
      <Table
        caption={JOB_STATS_TEXT.byChannelCaption(days.length)}
        columns={[JOB_STATS_TEXT.channel, JOB_STATS_TEXT.views, JOB_STATS_TEXT.applyClicks]}
      >
        {series.map((s) => (
          <tr key={s.key}>
            <th scope="row">{s.label}</th>
            <td>{sumOfDays(days, s.views)}</td>
            <td>{sumOfDays(days, s.applyClicks)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{JOB_STATS_TEXT.total}</th>
          <td>{views}</td>
          <td>{applyClicks}</td>
        </tr>
      </Table>
      <Table
        caption={JOB_STATS_TEXT.byChannelDayCaption(days.length)}
        columns={[
          JOB_STATS_TEXT.day,
          ...series.flatMap((s) => [
            JOB_STATS_TEXT.channelViews(s.label),
            JOB_STATS_TEXT.channelApplyClicks(s.label),
          ]),
        ]}
      >
        {[...days].reverse().map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            {series.flatMap((s) => [
              <td key={`${s.key}-views`}>{s.views(d)}</td>,
              <td key={`${s.key}-apply`}>{s.applyClicks(d)}</td>,
            ])}
          </tr>
        ))}
      </Table>
    </>
  );
}
