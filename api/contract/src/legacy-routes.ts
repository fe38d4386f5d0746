import { REMOTE_NAMES, type RemoteName } from './remotes';
import { matchRoute, type RemoteRoute, type SiteRoute } from './routes';

/**
 * @deprecated The routes each remote had before remotes declared their own (the contract's
 * FRONTEND_ROUTES of contract 1.0.0, with the titles the server gave them), for a live release
 * whose release.json has no `provides.routes`: one built before (docs/decisions/api-compatibility.md:
 * the API keeps serving the previous release of every remote). Also what the server assumes for a
 * remote whose routes it does not know yet (a remote on another origin whose release.json has
 * not arrived) and has never known. Never edited: a new page is declared in its remote's
 * `src/routes.ts`. Goes with the next contract major, once every live remote declares its routes.
 */
export const LEGACY_ROUTES: Record<RemoteName, readonly RemoteRoute[]> = {
  mfe_board: [
    { path: '/', module: './BoardPage', serverRendered: true, title: '{board}' },
    { path: '/jobs/:id', module: './BoardPage', serverRendered: true, title: '{board}' },
    {
      path: '/job-list',
      module: './RecentJobsPage',
      serverRendered: true,
      title: 'Recent jobs | {board}',
    },
    {
      path: '/bookmarks',
      module: './BookmarksPage',
      serverRendered: false,
      title: 'My bookmarks | {board}',
      loadingText: 'Loading your bookmarked jobs...',
    },
    {
      path: '/ghost-callback',
      module: './MemberCallbackPage',
      serverRendered: false,
      title: 'Signing in | {board}',
      loadingText: 'Authenticating with {membership}...',
    },
    {
      path: '/alerts/confirm',
      module: './AlertsPage',
      serverRendered: false,
      title: 'Job alerts | {board}',
    },
    {
      path: '/alerts/unsubscribe',
      module: './AlertsPage',
      serverRendered: false,
      title: 'Job alerts | {board}',
    },
    {
      path: '/alerts/manage',
      module: './AlertsPage',
      serverRendered: false,
      title: 'Job alerts | {board}',
    },
  ],
  mfe_submit: [
    {
      path: '/submit-job',
      module: './SubmitJobPage',
      serverRendered: true,
      title: 'Post a job | {board}',
    },
    {
      path: '/pay/:token/*',
      module: './PayPage',
      serverRendered: false,
      title: 'Pay for your listing | {board}',
    },
  ],
  mfe_admin: [
    { path: '/admin/*', module: './AdminApp', serverRendered: false, title: 'Admin | {board}' },
  ],
};

/**
 * @deprecated The site's route table is the live remotes' routes, read at run time
 * (`BootConfig.routes`, `GET /routes.json`); each remote declares its own in `src/routes.ts`.
 * This is the table of contract 1.0.0, kept (as LEGACY_ROUTES) until the next major.
 */
export const FRONTEND_ROUTES: readonly SiteRoute[] = REMOTE_NAMES.flatMap((remote) =>
  LEGACY_ROUTES[remote].map((route) => ({ remote, ...route })),
);

/** @deprecated A route of the site's table: SiteRoute. */
export type FrontendRoute = SiteRoute;

/** @deprecated `matchRoute(boot.routes, pathname)`: the live table, not the frozen one. */
export const matchFrontendRoute = (pathname: string): SiteRoute | undefined =>
  matchRoute(FRONTEND_ROUTES, pathname);
