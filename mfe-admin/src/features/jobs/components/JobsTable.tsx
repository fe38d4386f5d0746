import { type AdminJob, type AdminJobSort, type AdminJobsQuery } from '@jobboard/contract/admin';
import { APPLY_LINK_TEXT, jobFieldLabel } from '@jobboard/contract/jobs';
import { Button, Cluster, StatusBadge, Table, formatUsDate } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { CheckInMark } from '../../../lib/CheckInMark';
import { adminFieldsOf } from '../admin-fields';
import { JOB_MESSAGES } from '../messages';

interface JobsTableProps {
  jobs: AdminJob[];
  view: AdminJobsQuery;
  onSort(sort: AdminJobSort): void;
  selected: ReadonlySet<string>;
  onSelect(ids: string[], selected: boolean): void;
  onDelete(job: AdminJob): void;
}

/** The view's sort each column of docs/product.md#routes-and-screens sorts by, in their order (Category does not sort). */
const COLUMN_SORTS: readonly (AdminJobSort | undefined)[] = [
  'title',
  'organization',
  undefined,
  'posted',
  'status',
  undefined,
];
const COLUMNS = JOB_MESSAGES.columns.map((label, index) => ({ label, sort: COLUMN_SORTS[index] }));

/**
 * One page of 'All Job Listings': Title, Organization, Category, Posted Date, Status, Actions,
 * with a box per row for the bulk actions and sortable column headers (a second click on the
 * same column turns the order around). A job the board's pay rule holds back says so, and why,
 * under its status, as does one whose application link the board found not working (issue 45);
 * one with applications says how many under its title, and its latest still-hiring check-in is
 * under its status (flagged when it went unanswered, issue 45).
 */
export function JobsTable({ jobs, view, onSort, selected, onSelect, onDelete }: JobsTableProps) {
  const ids = jobs.map((job) => job.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const head = (
    <>
      <th scope="col">
        <input
          type="checkbox"
          aria-label={JOB_MESSAGES.selectAll}
          checked={allSelected}
          onChange={(event) => onSelect(ids, event.target.checked)}
        />
      </th>
      {COLUMNS.map(({ label, sort }) => {
        const active = sort !== undefined && view.sort === sort;
        const direction = view.dir === 'asc' ? 'ascending' : 'descending';
        return (
          <th key={label} scope="col" aria-sort={active ? direction : undefined}>
            {sort ? (
              <SortButton type="button" onClick={() => onSort(sort)}>
                {label}
                <span aria-hidden="true">{active ? (view.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </SortButton>
            ) : (
              label
            )}
          </th>
        );
      })}
    </>
  );
  return (
    <Table head={head}>
      {jobs.map((job) => (
        <tr key={job.id} aria-selected={selected.has(job.id)}>
          <td>
            <input
              type="checkbox"
              aria-label={JOB_MESSAGES.select(job.title)}
              checked={selected.has(job.id)}
              onChange={(event) => onSelect([job.id], event.target.checked)}
            />
          </td>
          <td>
            {job.featured && <span aria-label={JOB_MESSAGES.featured}>★ </span>}
            {job.title}
            {adminFieldsOf(job).length > 0 && (
              <EditedHere
                title={JOB_MESSAGES.editedHereFields(
                  adminFieldsOf(job).map(jobFieldLabel).join(', '),
                )}
              >
                {JOB_MESSAGES.editedHere}
              </EditedHere>
            )}
            {job.applications ? (
              <Applications>{JOB_MESSAGES.applicationsMark(job.applications)}</Applications>
            ) : null}
          </td>
          <td>{job.organization}</td>
          <td>{job.category.join(', ')}</td>
          <td>{formatUsDate(job.postedDate)}</td>
          <td>
            <StatusBadge tone={job.active && !job.heldBack ? 'live' : 'off'}>
              {job.active ? JOB_MESSAGES.active : JOB_MESSAGES.inactive}
            </StatusBadge>
            {job.expired && <Expired>{JOB_MESSAGES.expiredMark}</Expired>}
            {job.heldBack && <HeldBack>{job.heldBack}</HeldBack>}
            {job.applyLinkFlagged && (
              <HeldBack title={job.applyLinkCheck?.answer}>{APPLY_LINK_TEXT.adminFlag}</HeldBack>
            )}
            {job.expiresAt && !job.expired && (
              <Ends>{JOB_MESSAGES.ends(formatUsDate(job.expiresAt.slice(0, 10)))}</Ends>
            )}
            {job.checkIn && <CheckInMark checkIn={job.checkIn} />}
          </td>
          <td>
            <Cluster $gap="xs">
              <Button
                as={Link}
                $variant="ghost"
                $size="sm"
                to={`/admin/jobs/view/${job.id}`}
                aria-label={JOB_MESSAGES.viewLabel(job.title)}
              >
                {JOB_MESSAGES.view}
              </Button>
              <Button
                as={Link}
                $variant="secondary"
                $size="sm"
                to={`/admin/jobs/edit/${job.id}`}
                aria-label={JOB_MESSAGES.editLabel(job.title)}
              >
                {JOB_MESSAGES.edit}
              </Button>
              <Button
                $variant="danger"
                $size="sm"
                onClick={() => onDelete(job)}
                aria-label={JOB_MESSAGES.deleteLabel(job.title)}
              >
                {JOB_MESSAGES.deleteButton}
              </Button>
            </Cluster>
          </td>
        </tr>
      ))}
    </Table>
  );
}

const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  font-weight: 600;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

const EditedHere = styled.span`
  display: inline-block;
  margin-left: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Applications = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Expired = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Why an active job is not on the board (the pay rule's reason, the contract's words). */
const HeldBack = styled.span`
  display: block;
  max-width: 16rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.danger};
`;

const Ends = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;
