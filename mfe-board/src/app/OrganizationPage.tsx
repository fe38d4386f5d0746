import { ORGANIZATION_SLUG_PATTERN } from '@jobboard/contract/jobs';
import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { OrganizationView } from '../features/jobs/components/OrganizationView';
import { FirstViewProvider } from './first-view';

/** The longest slug an organisation has. */
const SLUG_MAX = 100;

/** The slug the address names, when it can be one an organisation has. */
function slugAt(pathname: string): string | undefined {
  const segment = /^\/organizations\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '';
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return slug.length <= SLUG_MAX && ORGANIZATION_SLUG_PATTERN.test(slug) ? slug : undefined;
}

/** The page of its open jobs the address names (`page=`), 1 when it names none. */
function pageAt(search: string): number {
  const text = new URLSearchParams(search).get('page');
  return text && /^[1-9]\d{0,3}$/.test(text) ? Number(text) : 1;
}

/** /organizations/{slug}: an organisation's page (docs/product.md#organisation-pages). */
export default function OrganizationPage() {
  const { pathname, search } = useLocation();
  return (
    <FirstViewProvider>
      <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
        <PageContainer $width="48rem">
          <OrganizationView slug={slugAt(pathname)} page={pageAt(search)} />
        </PageContainer>
      </RemoteRoot>
    </FirstViewProvider>
  );
}
