import { Pagination, RemoteRoot } from '@jobboard/shared-ui';
import { FollowSearch } from '../features/alerts/components/FollowSearch';
import { JobList } from '../features/jobs/components/JobCard';
import { JobDetailRoute } from '../features/jobs/components/JobDetailModal';
import { BoardLayout } from '../features/search/components/BoardLayout';
import { ResultsStatus } from '../features/search/components/ResultsStatus';
import { AppliedFilterProvider, useAppliedFilter } from '../features/search/hooks/use-board-filter';
import { useBoardResults } from '../features/search/hooks/use-board-results';
import { ApplyOnBoard } from './apply-on-board';
import { FirstViewProvider } from './first-view';
import { ReportOnBoard } from './report-on-board';

/**
 * / and /jobs/{id}: the board home (search, filters, sort, one page of results) and, on
 * /jobs/{id}, that job's modal over it. The search feature owns the filters and the list's data;
 * the jobs feature draws the jobs, whose Apply buttons open the apply feature's dialog and whose
 * detail's 'Report this listing' the report feature's; the alerts feature follows the applied
 * search by e-mail.
 */
export default function BoardPage() {
  return (
    <FirstViewProvider>
      <AppliedFilterProvider>
        <ApplyOnBoard>
          <ReportOnBoard>
            <Board />
          </ReportOnBoard>
        </ApplyOnBoard>
      </AppliedFilterProvider>
    </FirstViewProvider>
  );
}

function Board() {
  const { filter } = useAppliedFilter();
  const results = useBoardResults();
  const { jobs, total, totalExact, page, pageCount, goToPage, isLoading } = results;
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <BoardLayout
        total={total}
        totalExact={totalExact}
        busy={isLoading && jobs.length > 0}
        actions={<FollowSearch filter={filter} />}
      >
        <ResultsStatus results={results} />
        {jobs.length > 0 && <JobList jobs={jobs} />}
        <Pagination page={page} pageCount={pageCount} onPageChange={goToPage} />
      </BoardLayout>
      <JobDetailRoute loadedJobs={jobs} />
    </RemoteRoot>
  );
}
