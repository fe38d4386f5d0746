import type { AdminJob } from '@jobboard/contract';
import { Badge, Button, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';

/** 'All Job Listings (count)': Title, Organization, Category, Posted Date, Status, Actions. */
export function JobsTable({ jobs, onDelete }: { jobs: AdminJob[]; onDelete(job: AdminJob): void }) {
  return (
    <section aria-labelledby="all-jobs">
      <h2 id="all-jobs">All Job Listings ({jobs.length})</h2>
      {jobs.length === 0 ? (
        <p>No jobs found.</p>
      ) : (
        <Scroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Organization</th>
                <th scope="col">Category</th>
                <th scope="col">Posted Date</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
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
                    <Badge $tone={job.active ? 'fullTime' : 'other'}>
                      {job.active ? 'Active' : 'Inactive'}
                    </Badge>
                    {job.expired && <Expired> expired</Expired>}
                  </td>
                  <td>
                    <Row>
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
                    </Row>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
    </section>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const Expired = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;
