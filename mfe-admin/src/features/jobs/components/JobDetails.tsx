import type { AdminJob } from '@jobboard/contract';
import { StatusBadge, formatDeadline, formatSalary, formatUsDate } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { JOB_MESSAGES } from '../messages';

/** The whole job as stored, for the admin job view. */
export function JobDetails({ job }: { job: AdminJob }) {
  const rows: [string, React.ReactNode][] = [
    ['Organization', job.organization],
    [
      'Status',
      <>
        <StatusBadge tone={job.active ? 'live' : 'off'}>
          {job.active ? JOB_MESSAGES.active : JOB_MESSAGES.inactive}
        </StatusBadge>
        {job.expired ? ' (expired)' : ''}
      </>,
    ],
    ['Featured', job.featured ? 'Yes' : 'No'],
    ['Source', job.source],
    ['Locations', job.locations.join(' / ')],
    ['Categories', job.category.join(', ')],
    ['Job type', job.jobType],
    ['Remote', job.remote ? 'Yes' : 'No'],
    ['Experience', job.experienceLevel],
    ['Salary', formatSalary(job) ?? 'Not given'],
    ['Posted', formatUsDate(job.postedDate)],
    ['Deadline', job.deadline ? formatDeadline(job.deadline) : 'None'],
    [
      'Expires',
      job.expiresAt
        ? new Date(job.expiresAt).toLocaleString('en-US', {
            timeZone: 'UTC',
            dateStyle: 'long',
            timeStyle: 'short',
          }) + ' UTC'
        : 'Never',
    ],
    [
      'Application URL',
      job.applicationUrl ? (
        <a href={job.applicationUrl} target="_blank" rel="noopener noreferrer">
          {job.applicationUrl}
        </a>
      ) : (
        'None'
      ),
    ],
    ['Via', job.via || '-'],
    [
      'Created',
      new Date(job.createdAt).toLocaleString('en-US', {
        timeZone: 'UTC',
        dateStyle: 'long',
        timeStyle: 'short',
      }) + ' UTC',
    ],
  ];
  return (
    <>
      <List>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </List>
      <h2>Description</h2>
      <Text>{job.description || 'No description.'}</Text>
      {(['responsibilities', 'requirements', 'benefits'] as const).map((key) =>
        job[key].length ? (
          <section key={key}>
            <h2>{key[0]!.toUpperCase() + key.slice(1)}</h2>
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

const Text = styled.p`
  white-space: pre-wrap;
`;
