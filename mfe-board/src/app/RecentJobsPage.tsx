import styled from 'styled-components';
import { RecentJobs } from '../features/recent-jobs/components/RecentJobs';
import { FirstViewProvider } from './first-view';
import { RemoteRoot } from './RemoteRoot';

/** /job-list: the jobs of the last days, grouped by category (SPEC.md 2). */
export default function RecentJobsPage() {
  return (
    <FirstViewProvider>
      <RemoteRoot>
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
