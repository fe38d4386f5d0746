import type { RecentJobLine } from '@jobboard/contract/jobs';
import { Button, Cluster, useHydrated } from '@jobboard/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useRecentJobs } from '../api/recent-jobs';
import { groupRecentJobs, recentEntry } from '../lib/group-recent-jobs';
import { RECENT_TEXT } from '../messages';

const time = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The recent job list (docs/product.md#routes-and-screens): jobs of the last days grouped by category, one line each, with
 * a manual refresh and an auto-refresh that is on until switched off.
 */
export function RecentJobs() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const { data, error, isValidating, mutate } = useRecentJobs(autoRefresh);
  const groups = data ? groupRecentJobs(data.jobs) : [];
  const hydrated = useHydrated();

  return (
    <>
      <h1>{RECENT_TEXT.title}</h1>
      <Intro>{RECENT_TEXT.coverage}</Intro>
      <Toolbar>
        <Button
          type="button"
          $size="sm"
          disabled={isValidating}
          aria-busy={isValidating}
          onClick={() => void mutate()}
        >
          {RECENT_TEXT.refreshNow}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => setAutoRefresh(!autoRefresh)}
        >
          {autoRefresh ? RECENT_TEXT.disableAutoRefresh : RECENT_TEXT.enableAutoRefresh}
        </Button>
        {data && (
          <Facts as="p" $gap="md">
            <span data-testid="recent-count">{RECENT_TEXT.count(data.jobs.length)}</span>
            {/* In the reader's own time zone, which only the browser knows: until the page is
                live its place is kept (hidden), so that nothing moves when the time appears. */}
            <LastUpdated $pending={!hydrated} aria-hidden={!hydrated}>
              {RECENT_TEXT.lastUpdated(hydrated ? time.format(data.fetchedAt) : TIME_PLACEHOLDER)}
            </LastUpdated>
          </Facts>
        )}
      </Toolbar>

      {error && !isValidating && <Failure role="alert">{RECENT_TEXT.failed}</Failure>}
      {!data && !error && <p role="status">{RECENT_TEXT.loading}</p>}
      {data && groups.length === 0 && <p>{RECENT_TEXT.empty}</p>}
      {groups.map((group) => (
        <Group key={group.heading}>
          <h2>{group.heading}</h2>
          <Entries>
            {group.jobs.map((job) => (
              <Entry key={job.id} job={job} />
            ))}
          </Entries>
        </Group>
      ))}
    </>
  );
}

/** 'title : company (loc / loc)', the title linking to the job's page, counted for the list. */
function Entry({ job }: { job: RecentJobLine }) {
  const { href, title, company, locations } = recentEntry(job);
  return (
    <li>
      <a href={href}>{title}</a>
      {` : ${company}`}
      {locations && ` (${locations})`}
    </li>
  );
}

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Toolbar = styled(Cluster)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Facts = styled(Cluster)`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** As wide as most times: the place the time takes before the browser knows the zone. */
const TIME_PLACEHOLDER = '10:00:00 AM';

const LastUpdated = styled.span<{ $pending: boolean }>`
  visibility: ${({ $pending }) => ($pending ? 'hidden' : 'visible')};
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

const Group = styled.section`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Entries = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;
