import {
  ADMIN_JOBS_DEFAULTS,
  AdminJobsQuery,
  type AdminJobSort,
  type AdminJobsQuery as JobsView,
} from '@jobboard/contract/admin';
import { Button } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { jobsCsvHref } from '../../features/jobs/api/export-jobs';
import { useAdminJobPage } from '../../features/jobs/api/job-page';
import { BulkBar } from '../../features/jobs/components/BulkBar';
import { JobsFilters } from '../../features/jobs/components/JobsFilters';
import { JobsTable } from '../../features/jobs/components/JobsTable';
import { useBulkActions } from '../../features/jobs/hooks/use-bulk-actions';
import { ClientErrorsPanel } from '../../features/client-errors/components/ClientErrorsPanel';
import { LastSyncPanel } from '../../features/jobs/components/LastSyncPanel';
import { useDashboardActions } from '../../features/jobs/hooks/use-dashboard-actions';
import { JOB_MESSAGES } from '../../features/jobs/messages';
import { NumbersPanel } from '../../features/stats/components/NumbersPanel';
import { useConfirm } from '../../lib/confirm';
import { ListResults } from '../../lib/ListResults';
import { useListView } from '../../lib/list-view';
import { Actions, PageHeader } from '../../lib/ui';

/**
 * 'Job Listings Admin' (docs/product.md#routes-and-screens): refresh, add, the numbers at a glance,
 * the last sync, what browsers reported failing (only when they did), and every job, one
 * page at a time, searched, filtered and sorted by the API; the view lives in the address so it
 * can be shared. Logout is the admin navigation's, above this page.
 */
export default function DashboardPage() {
  const { view, update, goToPage } = useListView<JobsView>(AdminJobsQuery, ADMIN_JOBS_DEFAULTS);
  const jobs = useAdminJobPage(view);
  const { confirm, dialog } = useConfirm();
  const { remove, refresh, refreshing } = useDashboardActions(confirm);
  const bulk = useBulkActions(confirm);

  const sortBy = (sort: AdminJobSort) =>
    update({ sort, dir: view.sort === sort && view.dir === 'asc' ? 'desc' : 'asc' });

  return (
    <>
      {dialog}
      <PageHeader>
        <h1>{JOB_MESSAGES.dashboardTitle}</h1>
        <Actions>
          <Button $variant="secondary" onClick={refresh} disabled={refreshing}>
            {refreshing ? JOB_MESSAGES.refreshing : JOB_MESSAGES.refresh}
          </Button>
          <Button as={Link} to="/admin/jobs/new">
            {JOB_MESSAGES.addJob}
          </Button>
        </Actions>
      </PageHeader>
      <NumbersPanel />
      <LastSyncPanel />
      <ClientErrorsPanel />
      <section aria-labelledby="all-jobs">
        <PageHeader>
          <h2 id="all-jobs">{JOB_MESSAGES.allJobs(jobs.data?.total ?? 0)}</h2>
          <Button
            as="a"
            $variant="secondary"
            $size="sm"
            href={jobsCsvHref(view)}
            download
            title={JOB_MESSAGES.exportHint}
          >
            {JOB_MESSAGES.exportCsv}
          </Button>
        </PageHeader>
        <JobsFilters
          key={view.q ?? ''}
          view={view}
          unansweredCheckIns={jobs.data?.unansweredCheckIns}
          onChange={(change) => update(change)}
          onClear={() =>
            update({
              q: undefined,
              status: undefined,
              featured: undefined,
              source: undefined,
              expiring: undefined,
              checkIn: undefined,
              link: undefined,
            })
          }
        />
        <BulkBar
          count={bulk.selected.size}
          busy={bulk.busy}
          onAction={(action) => void bulk.run(action)}
          onClear={bulk.clear}
        />
        <ListResults
          answer={jobs}
          rows={(page) => page.jobs}
          texts={{
            loading: JOB_MESSAGES.loadingJobs,
            loadFailed: JOB_MESSAGES.jobsFailed,
            empty: JOB_MESSAGES.noJobs,
          }}
          page={view.page}
          onPageChange={goToPage}
        >
          {(rows) => (
            <JobsTable
              jobs={rows}
              view={view}
              onSort={sortBy}
              selected={bulk.selected}
              onSelect={bulk.select}
              onDelete={(job) => void remove(job)}
            />
          )}
        </ListResults>
      </section>
    </>
  );
}
