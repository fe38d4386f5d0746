/**
 * The shell's server entry (built for Node into `<version>/server/`). The API renders a route's
 * first view with it: the page frame under a router fixed at the request's address, with the
 * route's page made by its remote's server entry, and the styles that HTML uses. It also
 * publishes the shared singletons the remotes' server entries use (as the shell provides them to
 * the remotes in the browser), so the whole page is rendered with one React, one router, one
 * theme.
 */
import * as sharedUi from '@jobboard/shared-ui';
import type { SharedModule } from '@jobboard/build-config';
import * as router from '@jobboard/shared-ui/router';
import { StaticRouter } from '@jobboard/shared-ui/router-server';
import type { ShellServerEntry } from '@jobboard/shared-ui/server';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import * as jsxRuntime from 'react/jsx-runtime';
import * as styledComponents from 'styled-components';
import { ServerStyleSheet } from 'styled-components';
import * as swr from 'swr';
import * as zustand from 'zustand';
import { AppFrame } from './app/App';
import { ServerPageProvider } from './federation/server-pages';

export const shared: Record<SharedModule, unknown> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  'styled-components': styledComponents,
  swr,
  zustand,
  '@jobboard/shared-ui': sharedUi,
  '@jobboard/shared-ui/router': router,
};

export const render: ShellServerEntry['render'] = ({ url, boot, page }) => {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ServerPageProvider value={page}>
          <StaticRouter location={url}>
            <AppFrame boot={boot} />
          </StaticRouter>
        </ServerPageProvider>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
};
