import { workplaceLabel, workplaceOfJob, type Job } from '@jobboard/contract/jobs';
import { Badge, jobTypeTone } from '@jobboard/shared-ui';
import styled from 'styled-components';

/**
 * The job type badge (a colour per type), and where the job is done (issue 47): 'Hybrid (MD, VA,
 * DC)', 'Remote (US)'. An on-site job's badge says 'On-site' on its page (`onSite`); on a card,
 * where most jobs are on-site, only the others are marked.
 */
export function JobTypeBadges({ job, onSite = false }: { job: Job; onSite?: boolean }) {
  const workplace = workplaceOfJob(job);
  const label = workplaceLabel(workplace, job.remotePlaces);
  // A synced job typed 'Remote' already says so in its type badge.
  const repeatsType = label === job.jobType;
  const showWorkplace = (workplace !== 'on_site' || onSite) && !repeatsType;
  return (
    <Badges>
      <Badge $tone={jobTypeTone(job.jobType)}>{job.jobType}</Badge>
      {showWorkplace && <Badge $tone={workplace === 'on_site' ? 'other' : 'remote'}>{label}</Badge>}
    </Badges>
  );
}

const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
