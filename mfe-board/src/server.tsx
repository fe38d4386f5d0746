import type { FirstViewData } from '@jobboard/contract/site';
import type { RemoteServerEntry } from '@jobboard/shared-ui/server';
import type { ComponentType } from 'react';
import BoardPage from './app/BoardPage';
import { ServerFirstView } from './app/first-view';
import LegalPage from './app/LegalPage';
import OrganizationPage from './app/OrganizationPage';
import RecentJobsPage from './app/RecentJobsPage';

/**
 * The board's server entry (built for Node into `<version>/server/`): the pages whose first view
 * the server renders, from the data it puts in the page (the legal pages too). Bookmarks and the member callback read
 * the browser's own storage and address, so the browser draws them.
 */
const PAGES: Record<string, ComponentType> = {
  './BoardPage': BoardPage,
  './RecentJobsPage': RecentJobsPage,
  './LegalPage': LegalPage,
  './OrganizationPage': OrganizationPage,
};

export const renderPage: RemoteServerEntry['renderPage'] = (module, data: FirstViewData = {}) => {
  const Page = PAGES[module];
  if (!Page) return null;
  return (
    <ServerFirstView.Provider value={data}>
      <Page />
    </ServerFirstView.Provider>
  );
};
