import type { SiteConfig } from '@jobboard/contract';
import { createContext, useContext } from 'react';

export const SiteContext = createContext<SiteConfig | null>(null);

/** The publication's details (names, addresses, links) from the server's configuration. */
export function useSite(): SiteConfig {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteContext>');
  return site;
}
