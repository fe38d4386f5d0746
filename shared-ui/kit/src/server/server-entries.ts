import type { BootConfig, FirstViewData, SiteRoute } from '@jobboard/contract/site';
import type { ReactElement } from 'react';

/**
 * What the server bundles of the apps offer the API, which renders a route's first view with them
 * (api/src/site/server-render.ts holds the same shapes, without React's types).
 */

/** A remote's server entry: the page of one of its exposed modules, drawn from the first view's data. */
export interface RemoteServerEntry {
  renderPage(module: string, data?: FirstViewData): ReactElement | null;
}

/** The page a route shows, rendered by its remote's server entry. */
export interface ServerPage {
  route: Pick<SiteRoute, 'remote' | 'module'>;
  element: ReactElement;
}

/** The shell's server entry: the modules it shares with the remotes, and the whole page's HTML. */
export interface ShellServerEntry {
  shared: Record<string, unknown>;
  render(input: { url: string; boot: BootConfig; page: ServerPage }): {
    html: string;
    styles: string;
  };
}
