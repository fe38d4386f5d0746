import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { type SiteConfig } from '@jobboard/contract/site';
import { createContext, useContext } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../api/api-fetch';

const SiteContext = createContext<SiteConfig | null>(null);

/** The shell provides the site configuration it booted with; every remote reads it from here. */
export const SiteProvider = SiteContext.Provider;

/**
 * The publication's names, addresses and links. Inside the shell it is there at once; a remote
 * running standalone (its own dev server) fetches it.
 */
export function useSite(): SiteConfig | undefined {
  const provided = useContext(SiteContext);
  const { data } = useSWR(provided ? null : endpointKey(ENDPOINTS.site), () =>
    apiFetch(ENDPOINTS.site),
  );
  return provided ?? data;
}
