import { routeText, type BootConfig } from '@jobboard/contract/site';
import { SharedUiProvider, SiteProvider, Toaster } from '@jobboard/shared-ui';
import { BrowserRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { RemotePage } from '../federation/RemotePage';
import { Hero } from '../layout/Hero';
import { Layout } from '../layout/Layout';
import { NotFoundPage } from '../layout/NotFoundPage';
import { RouteTitle } from '../layout/RouteTitle';
import { isBoardPage, ScrollToTop } from '../layout/ScrollToTop';

/** The site in the browser: the page frame under the one router, which follows the address bar. */
export function App({ boot }: { boot: BootConfig }) {
  return (
    <BrowserRouter>
      <AppFrame boot={boot} />
    </BrowserRouter>
  );
}

/**
 * The shell owns the page frame, the router (docs/product.md#routes-and-screens, built from the
 * live remotes' routes the boot configuration carries: each remote declares its own) and the one
 * toast viewport; each route's page comes from a remote. Rendered under the browser's router
 * (App) or, on the server, under a router fixed at the request's address (server.tsx): the same
 * tree both ways, so the browser takes over the server's HTML.
 */
export function AppFrame({ boot }: { boot: BootConfig }) {
  return (
    <SiteProvider value={boot.site}>
      <SharedUiProvider>
        <ScrollToTop routes={boot.routes} />
        <RouteTitle routes={boot.routes} site={boot.site} />
        <Layout routes={boot.routes}>
          <Routes>
            {boot.routes.map((route) => {
              const loadingText =
                route.loadingText === undefined
                  ? undefined
                  : routeText(route.loadingText, boot.site);
              const page = <RemotePage route={route} loadingText={loadingText} />;
              const onBoardHome = isBoardPage(route);
              return (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    onBoardHome ? (
                      <>
                        <Hero />
                        {page}
                      </>
                    ) : (
                      page
                    )
                  }
                />
              );
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Layout>
        <Toaster />
      </SharedUiProvider>
    </SiteProvider>
  );
}
