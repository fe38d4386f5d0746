import type { ExposedModule, RemoteName } from './remotes';

/**
 * The front-end route table of docs/product.md#routes-and-screens and the remote that renders each route. The shell builds
 * its routes from it; the server uses it to answer unknown paths with a 404 status and to preload
 * the route's remote.
 */
export const FRONTEND_ROUTES = [
  { path: '/', remote: 'mfe_board', module: './BoardPage' },
  { path: '/jobs/:id', remote: 'mfe_board', module: './BoardPage' },
  { path: '/job-list', remote: 'mfe_board', module: './RecentJobsPage' },
  {
    path: '/bookmarks',
    remote: 'mfe_board',
    module: './BookmarksPage',
    loadingText: 'Loading your bookmarked jobs...',
  },
  {
    path: '/ghost-callback',
    remote: 'mfe_board',
    module: './MemberCallbackPage',
    /** `{membership}` is the membership system's name from the site configuration. */
    loadingText: 'Authenticating with {membership}...',
  },
  // A job alert's links (issue 17): they work without signing in.
  { path: '/alerts/confirm', remote: 'mfe_board', module: './AlertsPage' },
  { path: '/alerts/unsubscribe', remote: 'mfe_board', module: './AlertsPage' },
  { path: '/alerts/manage', remote: 'mfe_board', module: './AlertsPage' },
  { path: '/submit-job', remote: 'mfe_submit', module: './SubmitJobPage' },
  { path: '/pay/:token/*', remote: 'mfe_submit', module: './PayPage' },
  { path: '/admin/*', remote: 'mfe_admin', module: './AdminApp' },
] as const satisfies readonly RouteEntry[];

/** A route renders a page its remote exposes (APPS in remotes.ts). */
type RouteEntry = {
  [R in RemoteName]: { path: string; remote: R; module: ExposedModule<R>; loadingText?: string };
}[RemoteName];

export type FrontendRoute = (typeof FRONTEND_ROUTES)[number];

/** The route a path belongs to ('/jobs/12' -> the '/jobs/:id' route), if any. */
export function matchFrontendRoute(pathname: string): FrontendRoute | undefined {
  return FRONTEND_ROUTES.find((route) => routePattern(route.path).test(pathname));
}

function routePattern(path: string): RegExp {
  const body = path.replace(/\/\*$/, '(?:/.*)?').replace(/:[a-zA-Z]+/g, '[^/]+');
  return new RegExp(`^${body}/?$`);
}
