import type { Job } from '@jobboard/contract/jobs';
import { useId, type MouseEvent } from 'react';
import { Cluster, Stack } from '@jobboard/shared-ui';
import { lineClamp } from '@jobboard/shared-ui/css';
import { Link } from '@jobboard/shared-ui/router';
import styled, { css } from 'styled-components';
import { useJobRoute } from '../hooks/use-job-route';
import { JOB_TEXT } from '../messages';
import { ApplyAction } from './ApplyAction';
import { BookmarkButton } from './BookmarkButton';
import { CompanyLogo } from './CompanyLogo';
import { FeaturedStar } from './FeaturedStar';
import { JobFacts } from './JobFacts';
import { JobLocation } from './JobLocation';
import { JobTypeBadges } from './JobTypeBadges';

/** Clicks on these act on their own, never also open the card. */
const OWN_ACTION = 'a, button, input, select, textarea, label';

/**
 * A job in a list (docs/product.md#routes-and-screens). The title is a real link to /jobs/{id} (keyboard, new tab); a click
 * anywhere else on the card opens the job too. A featured job has a star and a highlighted ring.
 */
export function JobCard({ job }: { job: Job }) {
  const titleId = useId();
  const { jobPath, openJob, linkState } = useJobRoute();

  const openFromCard = (event: MouseEvent<HTMLElement>) => {
    // A click in a dialog the card opened (its application form, drawn elsewhere in the page)
    // reaches the card through React's tree only: it is no click on the card.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if ((event.target as Element).closest(OWN_ACTION)) return;
    // Selecting some text of the card is not a request to open it.
    if (window.getSelection()?.toString()) return;
    openJob(job.id);
  };

  return (
    <Card
      as="article"
      $gap="sm"
      aria-labelledby={titleId}
      $featured={job.featured}
      onClick={openFromCard}
      // A click on the card before the page is live is done once it is (shell's before-live.js).
      data-replay-click=""
      data-testid="job-card"
      data-job-id={job.id}
    >
      <Top>
        <CompanyLogo company={job.company} />
        <Heading>
          <Title id={titleId}>
            <TitleLink to={jobPath(job.id)} state={linkState}>
              {job.featured && <FeaturedStar />}
              {job.title}
            </TitleLink>
          </Title>
          <Company>{job.company.name}</Company>
          {job.location && <JobLocation location={job.location} compact />}
        </Heading>
        <JobTypeBadges job={job} />
      </Top>
      <Description>{job.description}</Description>
      <JobFacts job={job} />
      <Actions>
        <BookmarkButton job={job} describedBy={titleId} />
        {job.expired ? (
          <Closed>{JOB_TEXT.expired}</Closed>
        ) : (
          <ApplyAction job={job} place="card" describedBy={titleId} />
        )}
      </Actions>
    </Card>
  );
}

/** A list of job cards. */
export function JobList({ jobs }: { jobs: Job[] }) {
  return (
    <List as="ul">
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} />
        </li>
      ))}
    </List>
  );
}

const List = styled(Stack)`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled(Stack)<{ $featured: boolean }>`
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  cursor: pointer;
  transition: border-color 120ms ease;
  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }
  ${({ $featured, theme }) =>
    $featured &&
    css`
      border-color: ${theme.colors.featured};
      box-shadow:
        0 0 0 2px ${theme.colors.featured},
        ${theme.shadows.card};
      &:hover {
        border-color: ${theme.colors.featured};
      }
    `}
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
`;

const Heading = styled.div`
  flex: 1;
  min-width: 12rem;
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const TitleLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
  }
`;

const Company = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-weight: 600;
`;

/** docs/product.md#constants-and-limits: the description is clamped to 2 lines on a card. */
const Description = styled.p`
  margin: 0;
  ${lineClamp(2)}
`;

const Actions = styled(Cluster)`
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Closed = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;
