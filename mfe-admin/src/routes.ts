import type { RemoteRoute } from '@jobboard/contract/site';

/**
 * The admin area's pages (docs/frontend-delivery.md#adding-a-page-to-a-remote): one app with its
 * own nested routes under /admin/*, drawn in the browser.
 */
export const ROUTES = [
  { path: '/admin/*', module: './AdminApp', serverRendered: false, title: 'Admin | {board}' },
] as const satisfies readonly RemoteRoute[];
