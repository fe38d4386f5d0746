import { FRONTEND_ROUTES, type BootConfig } from '@jobboard/contract';
import { SharedUiProvider, SiteProvider, Toaster } from '@jobboard/shared-ui';
import { BrowserRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { RemotePage } from '../federation/RemotePage';
import { Hero } from '../layout/Hero';
import { Layout } from '../layout/Layout';
import { NotFoundPage } from '../layout/NotFoundPage';
import { ScrollToTop } from '../layout/ScrollToTop';

/**
 * The shell owns the only router, the page frame, the route table (SPEC.md 2, built from the
 * contract's FRONTEND_ROUTES) and the one toast viewport. Each route's page comes from a remote.
 */
export function App({ boot }: { boot: BootConfig }) {
  return (
    <SiteProvider value={boot.site}>
      <SharedUiProvider>
        <BrowserRouter>
          <ScrollToTop />
          <Layout>
            <Routes>
              {FRONTEND_ROUTES.map((route) => {
                const loadingText =
                  'loadingText' in route
                    ? route.loadingText.replace('{membership}', boot.site.membershipName)
                    : undefined;
                const page = <RemotePage route={route} loadingText={loadingText} />;
                const onBoardHome = route.module === './BoardPage';
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
        </BrowserRouter>
      </SharedUiProvider>
    </SiteProvider>
  );
}
