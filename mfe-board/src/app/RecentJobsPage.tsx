import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { RecentJobs } from '../features/recent-jobs/components/RecentJobs';
import { FirstViewProvider } from './first-view';

/** /job-list: the jobs of the last days, grouped by category (docs/product.md#routes-and-screens). */
export default function RecentJobsPage() {
  return (
    <FirstViewProvider>
      <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
        <PageContainer $width="56rem">
          <RecentJobs />
        </PageContainer>
      </RemoteRoot>
    </FirstViewProvider>
  );
}
