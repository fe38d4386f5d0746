import type { RemoteServerEntry } from '@jobboard/shared-ui/server';
import type { ComponentType } from 'react';
import SubmitJobPage from './app/SubmitJobPage';

/**
 * The submit area's server entry (built for Node into `<version>/server/`): the employer's form,
 * which needs no data. The pay pages depend on their link, so the browser draws them.
 */
const PAGES: Record<string, ComponentType> = { './SubmitJobPage': SubmitJobPage };

export const renderPage: RemoteServerEntry['renderPage'] = (module) => {
  const Page = PAGES[module];
  return Page ? <Page /> : null;
};
