import type { RemoteRoute } from '@jobboard/contract/site';

/**
 * The submit area's pages (docs/frontend-delivery.md#adding-a-page-to-a-remote): plain data, read
 * by the build (which exposes each page and writes them into release.json) and, at run time, by
 * the server and the shell from the live release.
 */
export const ROUTES = [
  {
    path: '/submit-job',
    module: './SubmitJobPage',
    serverRendered: true,
    title: 'Post a job | {board}',
  },
  // The pay pages depend on their link: the browser draws them.
  {
    path: '/pay/:token/*',
    module: './PayPage',
    serverRendered: false,
    title: 'Pay for your listing | {board}',
  },
  // The employer's own pages (issue 30): behind a sign-in link, so the browser draws them.
  {
    path: '/employer/*',
    module: './EmployerPage',
    serverRendered: false,
    title: 'Your listings | {board}',
  },
  // The renewal pages (issue 30), like the pay pages: drawn by the browser.
  {
    path: '/renew/:token/*',
    module: './RenewPage',
    serverRendered: false,
    title: 'Renew your listing | {board}',
  },
] as const satisfies readonly RemoteRoute[];
