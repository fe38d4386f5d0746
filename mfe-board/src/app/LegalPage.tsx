import { legalPageAt } from '@jobboard/contract/site';
import { PageContainer, RemoteRoot } from '@jobboard/shared-ui';
import { useLocation } from '@jobboard/shared-ui/router';
import { LegalPageView } from '../features/legal/components/LegalPageView';
import { FirstViewProvider } from './first-view';

/** /privacy, /terms, /refunds: the publication's legal pages (docs/product.md#legal-pages). */
export default function LegalPage() {
  const page = legalPageAt(useLocation().pathname) ?? legalPageAt('/privacy')!;
  return (
    <FirstViewProvider>
      <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
        <PageContainer $width="44rem">
          <LegalPageView slug={page.slug} />
        </PageContainer>
      </RemoteRoot>
    </FirstViewProvider>
  );
}
