import { APPLICATION_MESSAGES, jobApplyMethod } from '@jobboard/contract/applications';
import { APPLY_LINK_TEXT, organizationPagePath, type Job } from '@jobboard/contract/jobs';
import { httpUrl } from '@jobboard/contract/site';
import { Cluster, Stack, VisuallyHidden } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { JOB_TEXT } from '../messages';
import { ApplyAction } from './ApplyAction';
import { BookmarkButton } from './BookmarkButton';
import { CompanyLogo } from './CompanyLogo';
import { JobFacts } from './JobFacts';
import { JobLocation } from './JobLocation';
import { JobTypeBadges } from './JobTypeBadges';
import { ReportAction } from './ReportAction';
import { SimilarJobs } from './SimilarJobs';

/**
 * Everything about one job (docs/product.md#routes-and-screens), shown in the job modal under its title. The actions come
 * first, so the first thing focus meets in the dialog is its Apply action. Under them, the job's
 * own words on how to apply; a live job that takes no applications on the board has only those
 * (docs/product.md#applying). A job whose application link the board found dead says the posting
 * may have closed (docs/product.md#dead-application-links). Last, on a live job, 'Report this
 * listing' (docs/product.md#reports).
 */
export function JobDetail({ job }: { job: Job }) {
  const website = httpUrl(job.company.websiteUrl);
  // The employer's own words on applying, whatever the way (what to include); a job that takes
  // no application here says how, or that it does not say.
  const words = job.apply?.howToApply?.trim();
  const howToApply = job.expired
    ? undefined
    : words || (jobApplyMethod(job) === 'none' ? APPLICATION_MESSAGES.noWayToApply : undefined);
  return (
    <Stack>
      <Header>
        <CompanyLogo company={job.company} size={56} />
        <div>
          <Company>
            {/* The organisation's page (issue 47), from an API that names it. */}
            {job.company.slug ? (
              <Link to={organizationPagePath(job.company.slug)}>{job.company.name}</Link>
            ) : (
              job.company.name
            )}
          </Company>
          {job.location && <JobLocation location={job.location} />}
          <JobTypeBadges job={job} onSite />
        </div>
      </Header>
      <JobFacts job={job} />
      {job.pay?.benefits && <PayBenefits>{JOB_TEXT.payBenefits(job.pay.benefits)}</PayBenefits>}

      {job.expired && <Expired role="note">{JOB_TEXT.expired}</Expired>}
      {/* Its link found dead twice in a row (issue 45): said over the link, which still works. */}
      {!job.expired && job.applyLinkFlagged && (
        <MayHaveClosed role="note">{APPLY_LINK_TEXT.notice}</MayHaveClosed>
      )}
      <Cluster>
        {!job.expired && <ApplyAction job={job} place="detail" />}
        <BookmarkButton job={job} size="md" />
      </Cluster>
      {howToApply && (
        <Section title={APPLICATION_MESSAGES.howToApplyHeading}>
          <Text>{howToApply}</Text>
        </Section>
      )}

      <Section title={JOB_TEXT.sections.description}>
        <Text>{job.description}</Text>
      </Section>
      <ListSection title={JOB_TEXT.sections.responsibilities} items={job.responsibilities} />
      <ListSection title={JOB_TEXT.sections.requirements} items={job.requirements} />
      <ListSection title={JOB_TEXT.sections.benefits} items={job.benefits} />
      <Section title={JOB_TEXT.sections.company}>
        {job.company.description && <Text>{job.company.description}</Text>}
        {website && (
          <a href={website} target="_blank" rel="noopener noreferrer">
            {JOB_TEXT.visitWebsite}
            <VisuallyHidden> {JOB_TEXT.opensInNewTab}</VisuallyHidden>
          </a>
        )}
      </Section>
      {!job.expired && <ReportAction job={job} />}
      <SimilarJobs jobId={job.id} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <SectionTitle>{title}</SectionTitle>
      {children}
    </section>
  );
}

/** A list section only when the list has items (docs/product.md#routes-and-screens). */
function ListSection({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <Section title={title}>
      <Items>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </Items>
    </Section>
  );
}

const Header = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
`;

const Company = styled.p`
  margin: 0;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/** The benefits summary given with the pay, beside it (the Benefits section lists the job's own). */
const PayBenefits = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Expired = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** A warning, not a refusal: the link stays, the seeker decides. */
const MayHaveClosed = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.featuredSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const SectionTitle = styled.h3`
  margin: ${({ theme }) => theme.space.sm} 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  white-space: pre-line;
`;

const Items = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;
