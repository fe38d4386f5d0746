import type { RecentJobLine } from '@jobboard/contract/jobs';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';

/**
 * Jobs as links to their pages, each with where it is (and its company, where the list is not one
 * company's): an organisation's open jobs, a job page's similar jobs.
 */
export function JobLines({ jobs, showCompany }: { jobs: RecentJobLine[]; showCompany: boolean }) {
  return (
    <Lines>
      {jobs.map((job) => (
        <li key={job.id}>
          <Link to={`/jobs/${encodeURIComponent(job.id)}`}>{job.title}</Link>
          <Where>
            {[showCompany ? job.company.name : '', job.location].filter(Boolean).join(' · ')}
          </Where>
        </li>
      ))}
    </Lines>
  );
}

const Lines = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

const Where = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
