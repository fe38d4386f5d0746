import { RemoteRoot } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { RecentJobs } from '../features/recent-jobs/components/RecentJobs';
import { FirstViewProvider } from './first-view';

/** /job-list: the jobs of the last days, grouped by category (SPEC.md 2). */
export default function RecentJobsPage() {
  return (
    <FirstViewProvider>
      <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
        <Page>
          <RecentJobs />
        </Page>
      </RemoteRoot>
    </FirstViewProvider>
  );
}

const Page = styled.div`
  max-width: 56rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
`;
