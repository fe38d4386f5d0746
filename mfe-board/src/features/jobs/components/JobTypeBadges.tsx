import type { Job } from '@jobboard/contract/jobs';
import { Badge, jobTypeTone } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { JOB_TEXT } from '../messages';

/** The job type badge (a colour per type), and a Remote badge when the job can be done remotely. */
export function JobTypeBadges({ job }: { job: Job }) {
  const showRemote = job.remote && jobTypeTone(job.jobType) !== 'remote';
  return (
    <Badges>
      <Badge $tone={jobTypeTone(job.jobType)}>{job.jobType}</Badge>
      {showRemote && <Badge $tone="remote">{JOB_TEXT.remote}</Badge>}
    </Badges>
  );
}

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
