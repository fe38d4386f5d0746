import type { SiteConfig } from '@jobboard/contract/site';
import { useSite as useSharedSite } from '@jobboard/shared-ui';

/** The shell always provides the site configuration (App), so here it is never missing. */
export function useSite(): SiteConfig {
  const site = useSharedSite();
  if (!site) throw new Error('useSite() outside <SiteProvider>');
  return site;
}
