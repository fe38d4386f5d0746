import type { SiteRoute } from '@jobboard/contract/site';
import type { ServerPage } from '@jobboard/shared-ui/server';
import { createContext, useContext, type ReactElement } from 'react';
import { moduleId } from './remotes';

/**
 * The page the server renders for the request's route, made by its remote's server entry. Only
 * the server provides one; in the browser every page is loaded from its remote.
 */
const ServerPageContext = createContext<ServerPage | null>(null);

export const ServerPageProvider = ServerPageContext.Provider;

/** The server-rendered page of this route, when rendering on the server. */
export function useServerPage(route: Pick<SiteRoute, 'remote' | 'module'>): ReactElement | null {
  const page = useContext(ServerPageContext);
  return page && moduleId(page.route) === moduleId(route) ? page.element : null;
}
