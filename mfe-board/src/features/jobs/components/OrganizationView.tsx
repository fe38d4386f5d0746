import {
  ORGANIZATION_JOBS_PAGE_SIZE,
  ORGANIZATION_TEXTS,
  organizationPageTitle,
  type OrganizationPage,
} from '@jobboard/contract/jobs';
import { httpUrl } from '@jobboard/contract/site';
import { Cluster, Notice, Spinner, Stack, useSite, VisuallyHidden } from '@jobboard/shared-ui';
import { Link, useNavigate } from '@jobboard/shared-ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CompanyLogo } from './CompanyLogo';
import { JOB_TEXT } from '../messages';
import { useOrganizationPage } from '../api/organization';
import { JobLines } from './JobLines';

/**
 * An organisation's page (docs/product.md#organisation-pages): its logo and name, its own words
 * (About), its website, and its open jobs, a page of them at a time. A slug no organisation has
 * says so (the server answers it with a 404).
 *
 * A merged company's page (issue 47) moved to its survivor's: the API answers a 301 there, which
 * the browser's fetch follows, so the answer is the survivor's page; the address then becomes the
 * survivor's, in place of the old one (as the server's own 301 does for a page loaded afresh).
 */
export function OrganizationView({ slug, page }: { slug: string | undefined; page: number }) {
  const { data, error, movedTo } = useOrganizationPage(slug, page);
  const navigate = useNavigate();
  useEffect(() => {
    if (movedTo !== undefined) navigate(pageLinkOf(movedTo, page), { replace: true });
  }, [movedTo, page, navigate]);
  if (slug === undefined || data === null) return <NotFound />;
  if (error && !data) return <Notice $tone="danger">{ORGANIZATION_TEXTS.loadFailed}</Notice>;
  if (!data) return <Spinner label={ORGANIZATION_TEXTS.loading} />;
  return <Organization found={data} />;
}

/** The address of page `page` of the open jobs of the organisation with this slug. */
function pageLinkOf(slug: string, page: number): string {
  const here = `/organizations/${encodeURIComponent(slug)}`;
  return page === 1 ? here : `${here}?page=${page}`;
}

function NotFound() {
  return (
    <Stack>
      <h1>{ORGANIZATION_TEXTS.notFound}</h1>
      <p>{ORGANIZATION_TEXTS.notFoundDetail}</p>
    </Stack>
  );
}

function Organization({ found }: { found: OrganizationPage }) {
  const { organization, jobs, total, page } = found;
  // The title the server gives the page, also when the browser moves to it.
  const site = useSite();
  useDocumentTitle(organizationPageTitle(organization.name, site?.boardName));
  const website = httpUrl(organization.websiteUrl);
  const pages = Math.max(1, Math.ceil(total / ORGANIZATION_JOBS_PAGE_SIZE));
  const pageLink = (to: number) => pageLinkOf(organization.slug, to);
  return (
    <Stack as="article" aria-labelledby="organization-name">
      <Header>
        <CompanyLogo company={organization} size={64} />
        <h1 id="organization-name">{organization.name}</h1>
      </Header>
      {(organization.description || website) && (
        <section aria-labelledby="organization-about">
          <h2 id="organization-about">{ORGANIZATION_TEXTS.about}</h2>
          {organization.description && <About>{organization.description}</About>}
          {website && (
            <p>
              {ORGANIZATION_TEXTS.website}:{' '}
              <a href={website} target="_blank" rel="noopener noreferrer">
                {website}
                <VisuallyHidden> {JOB_TEXT.opensInNewTab}</VisuallyHidden>
              </a>
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="organization-jobs">
        <h2 id="organization-jobs">
          {ORGANIZATION_TEXTS.openJobs} ({total})
        </h2>
        {total === 0 ? (
          <p>{ORGANIZATION_TEXTS.noOpenJobs(organization.name)}</p>
        ) : (
          <JobLines jobs={jobs} showCompany={false} />
        )}
        {pages > 1 && (
          <Cluster as="nav" aria-label={ORGANIZATION_TEXTS.openJobs}>
            {page > 1 && <Link to={pageLink(page - 1)}>{ORGANIZATION_TEXTS.previousPage}</Link>}
            <span>{ORGANIZATION_TEXTS.pageOf(page, pages)}</span>
            {page < pages && <Link to={pageLink(page + 1)}>{ORGANIZATION_TEXTS.nextPage}</Link>}
          </Cluster>
        )}
      </section>
    </Stack>
  );
}

const Header = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  h1 {
    margin: 0;
  }
`;

const About = styled.p`
  white-space: pre-line;
`;
