import { type AdminJob } from '@jobboard/contract/admin';
import {
  APPLY_LINK_TEXT,
  jobFieldLabel,
  workplaceLabel,
  workplaceOfJob,
  type ApplyLinkCheck,
} from '@jobboard/contract/jobs';
import {
  Notice,
  StatusBadge,
  formatDeadline,
  formatSalary,
  formatUsDate,
} from '@jobboard/shared-ui';
import styled from 'styled-components';
import { CheckInMark } from '../../../lib/CheckInMark';
import { adminFieldsOf } from '../admin-fields';
import { JOB_MESSAGES } from '../messages';

const LABELS = JOB_MESSAGES.details;

/** A stored moment as the admin reads it: 'January 5, 2026 at 3:04 PM UTC'. */
const utcTime = (iso: string) =>
  JOB_MESSAGES.utcTime(
    new Date(iso).toLocaleString('en-US', {
      timeZone: 'UTC',
      dateStyle: 'long',
      timeStyle: 'short',
    }),
  );

/**
 * The whole job as stored, for the admin job view: its pay with the benefits line, and first of
 * all why it is not on the board when the board's pay rule holds it back.
 */
export function JobDetails({ job }: { job: AdminJob }) {
  const yesNo = (value: boolean) => (value ? JOB_MESSAGES.yes : JOB_MESSAGES.no);
  const rows: [string, React.ReactNode][] = [
    [LABELS.organization, job.organization],
    [
      LABELS.status,
      <>
        <StatusBadge tone={job.active && !job.heldBack ? 'live' : 'off'}>
          {job.active ? JOB_MESSAGES.active : JOB_MESSAGES.inactive}
        </StatusBadge>
        {job.expired ? JOB_MESSAGES.expiredNote : ''}
        {job.heldBack ? ` · ${JOB_MESSAGES.statuses.held}` : ''}
      </>,
    ],
    [LABELS.featured, yesNo(job.featured)],
    [LABELS.source, job.source],
    ...(adminFieldsOf(job).length
      ? [[LABELS.editedHere, adminFieldsOf(job).map(jobFieldLabel).join(', ')] as [string, string]]
      : []),
    [LABELS.locations, job.locations.join(' / ')],
    [LABELS.categories, job.category.join(', ')],
    [LABELS.jobType, job.jobType],
    [LABELS.workplace, workplaceLabel(workplaceOfJob(job), job.remotePlaces)],
    [LABELS.experience, job.experienceLevel],
    [LABELS.salary, formatSalary(job) ?? JOB_MESSAGES.notGiven],
    ...(job.pay?.benefits ? [[LABELS.payBenefits, job.pay.benefits] as [string, string]] : []),
    [LABELS.posted, formatUsDate(job.postedDate)],
    [LABELS.deadline, job.deadline ? formatDeadline(job.deadline) : JOB_MESSAGES.none],
    [LABELS.expires, job.expiresAt ? utcTime(job.expiresAt) : JOB_MESSAGES.never],
    [
      LABELS.applicationUrl,
      job.applicationUrl ? (
        <a href={job.applicationUrl} target="_blank" rel="noopener noreferrer">
          {job.applicationUrl}
        </a>
      ) : (
        JOB_MESSAGES.none
      ),
    ],
    // The board's last check of the link (issue 45), for a job that applies by one.
    ...(job.applyLinkCheck || job.apply?.method === 'link'
      ? [
          [APPLY_LINK_TEXT.checkRow, <LinkCheck key="check" check={job.applyLinkCheck} />] as [
            string,
            React.ReactNode,
          ],
        ]
      : []),
    [LABELS.via, job.via || JOB_MESSAGES.noVia],
    [LABELS.created, utcTime(job.createdAt)],
    // An API before applications (issue 42) does not say: no row rather than a made-up 0.
    ...(job.applications !== undefined
      ? [[LABELS.applications, job.applications.toLocaleString('en-US')] as [string, string]]
      : []),
    // Its latest still-hiring check-in (issue 45), once one was sent.
    ...(job.checkIn
      ? [[LABELS.checkIn, <CheckInMark checkIn={job.checkIn} />] as [string, React.ReactNode]]
      : []),
  ];
  return (
    <>
      {job.heldBack && (
        <HeldBack $tone="danger" role="note">
          <p>{job.heldBack}</p>
        </HeldBack>
      )}
      <List>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </List>
      <h2>{JOB_MESSAGES.descriptionHeading}</h2>
      <Text>{job.description || JOB_MESSAGES.noDescription}</Text>
      {(['responsibilities', 'requirements', 'benefits'] as const).map((key) =>
        job[key].length ? (
          <section key={key}>
            <h2>{JOB_MESSAGES.sections[key]}</h2>
            <ul>
              {job[key].map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </>
  );
}

/**
 * The last answer of the link with when it came, the failures in a row, and since when it is
 * flagged; a refusal by the board's guard says so in its answer (never a failure).
 */
function LinkCheck({ check }: { check: ApplyLinkCheck | undefined }) {
  if (!check) return <>{APPLY_LINK_TEXT.notChecked}</>;
  return (
    <>
      {APPLY_LINK_TEXT.lastCheck(check.answer, utcTime(check.checkedAt))}
      {check.failures > 0 && <Small>{APPLY_LINK_TEXT.failuresInARow(check.failures)}</Small>}
      {check.flaggedAt && (
        <Small $danger>{APPLY_LINK_TEXT.flaggedSince(utcTime(check.flaggedAt))}</Small>
      )}
    </>
  );
}

const Small = styled.span<{ $danger?: boolean }>`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.textMuted)};
`;

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: ${({ theme }) => theme.space.md};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
`;

const HeldBack = styled(Notice)`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Text = styled.p`
  white-space: pre-wrap;
`;
