import { Button, EmptyState, Notice, Spinner, Stack } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useBookmarkedJobs } from '../api/bookmarked-jobs';
import { JOB_TEXT } from '../messages';
import { useBookmarks } from '../stores/bookmarks-store';
import { JobList } from './JobCard';

/**
 * The bookmarked jobs, most recently bookmarked first. A job removed from its bookmark here leaves
 * the list at once. Bookmarks of jobs the board no longer lists are not dropped silently: the page
 * says how many there are and offers to remove them; a job that failed to load for another reason
 * (network, server) keeps its bookmark for next time.
 */
export function BookmarkedJobs() {
  const ids = useBookmarks((s) => s.ids);
  const remove = useBookmarks((s) => s.remove);
  const { data, isLoading, mutate } = useBookmarkedJobs(ids);

  if (ids.length === 0) {
    return (
      <Empty>
        <p>{JOB_TEXT.bookmarksEmpty}</p>
        <Link to="/">{JOB_TEXT.browseJobs}</Link>
      </Empty>
    );
  }
  if (!data) return <Spinner label={JOB_TEXT.bookmarksLoading} />;

  const byId = new Map(data.jobs.map((job) => [job.id, job]));
  const jobs = [...ids].reverse().flatMap((id) => byId.get(id) ?? []);
  const goneIds = data.goneIds.filter((id) => ids.includes(id));
  const failedIds = data.failedIds.filter((id) => ids.includes(id));

  return (
    <Stack aria-busy={isLoading}>
      {goneIds.length > 0 && (
        <Notice>
          <p>{JOB_TEXT.bookmarksGone(goneIds.length)}</p>
          <Button type="button" $variant="secondary" $size="sm" onClick={() => remove(goneIds)}>
            {JOB_TEXT.removeGone}
          </Button>
        </Notice>
      )}
      {failedIds.length > 0 && (
        <Notice role="alert">
          <p>{JOB_TEXT.bookmarksFailed(failedIds.length)}</p>
          <Button type="button" $variant="secondary" $size="sm" onClick={() => void mutate()}>
            {JOB_TEXT.retry}
          </Button>
        </Notice>
      )}
      {jobs.length > 0 && <JobList jobs={jobs} />}
    </Stack>
  );
}

const Empty = styled(EmptyState)`
  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;
