import type { RemoteRoute } from '@jobboard/contract/site';

/**
 * The board's pages (docs/frontend-delivery.md#adding-a-page-to-a-remote): plain data, read by
 * the build (which exposes each page and writes them into release.json) and, at run time, by the
 * server and the shell from the live release. A new page here ships with the board alone.
 */
export const ROUTES = [
  { path: '/', module: './BoardPage', serverRendered: true, title: '{board}' },
  // A job's own page: the server titles it with the job; this is the title while it loads.
  { path: '/jobs/:id', module: './BoardPage', serverRendered: true, title: '{board}' },
  // An organisation's page (issue 47): the server titles it with the organisation.
  {
    path: '/organizations/:slug',
    module: './OrganizationPage',
    serverRendered: true,
    title: '{board}',
  },
  {
    path: '/job-list',
    module: './RecentJobsPage',
    serverRendered: true,
    title: 'Recent jobs | {board}',
  },
  // Bookmarks and the member callback read the browser's storage and address: drawn there.
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
  // A job alert's links (issue 17): they work without signing in.
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
  // An address's data, by a link e-mailed to it (issue 43): download or delete it, once.
  {
    path: '/alerts/data',
    module: './AlertsPage',
    serverRendered: false,
    title: 'Your data | {board}',
  },
  // The publication's legal pages (the contract's LEGAL_PAGES), from its Markdown files.
  {
    path: '/privacy',
    module: './LegalPage',
    serverRendered: true,
    title: 'Privacy policy | {board}',
  },
  { path: '/terms', module: './LegalPage', serverRendered: true, title: 'Terms of use | {board}' },
  {
    path: '/refunds',
    module: './LegalPage',
    serverRendered: true,
    title: 'Refund policy | {board}',
  },
] as const satisfies readonly RemoteRoute[];
