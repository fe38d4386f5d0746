import type { Job } from '@jobboard/contract/jobs';
import { formatDeadline, formatSalary, formatUsDate } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { JOB_TEXT } from '../messages';

/** Posted date, salary when there is one, 'Deadline: {date}' when there is one (docs/product.md#routes-and-screens). */
export function JobFacts({ job }: { job: Job }) {
  const salary = formatSalary(job);
  return (
    <Facts>
      <li>{JOB_TEXT.posted(formatUsDate(job.postedDate))}</li>
      {salary && <li data-testid="job-salary">{salary}</li>}
      {job.deadline && <li>{JOB_TEXT.deadline(formatDeadline(job.deadline))}</li>}
    </Facts>
  );
}

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li:nth-child(2) {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;
