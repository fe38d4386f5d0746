import type { AdminJob } from '@jobboard/contract';
import { Button, Cluster, StatusBadge, Table, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { JOB_MESSAGES } from '../messages';

/** 'All Job Listings (count)': Title, Organization, Category, Posted Date, Status, Actions. */
export function JobsTable({ jobs, onDelete }: { jobs: AdminJob[]; onDelete(job: AdminJob): void }) {
  return (
    <section aria-labelledby="all-jobs">
      <h2 id="all-jobs">All Job Listings ({jobs.length})</h2>
      {jobs.length === 0 ? (
        <p>No jobs found.</p>
      ) : (
        <Table columns={JOB_MESSAGES.columns}>
          {jobs.map((job) => (
            <tr key={job.id}>
              <td>
                {job.featured && <span aria-label="Featured">★ </span>}
                {job.title}
              </td>
              <td>{job.organization}</td>
              <td>{job.category.join(', ')}</td>
              <td>{formatUsDate(job.postedDate)}</td>
              <td>
                <StatusBadge tone={job.active ? 'live' : 'off'}>
                  {job.active ? JOB_MESSAGES.active : JOB_MESSAGES.inactive}
                </StatusBadge>
                {job.expired && <Expired> expired</Expired>}
              </td>
              <td>
                <Cluster $gap="xs">
                  <Button
                    as={Link}
                    $variant="ghost"
                    $size="sm"
                    to={`/admin/jobs/view/${job.id}`}
                    aria-label={`View ${job.title}`}
                  >
                    View
                  </Button>
                  <Button
                    as={Link}
                    $variant="secondary"
                    $size="sm"
                    to={`/admin/jobs/edit/${job.id}`}
                    aria-label={`Edit ${job.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    $variant="danger"
                    $size="sm"
                    onClick={() => onDelete(job)}
                    aria-label={`Delete ${job.title}`}
                  >
                    Delete
                  </Button>
                </Cluster>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

const Expired = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;
