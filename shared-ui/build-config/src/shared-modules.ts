/**
 * What the shell and the remotes share as singletons: in the browser through Module Federation
 * (federation.ts), and on the server through the shell's server bundle, which provides these same
 * modules to the remotes' server bundles (server-render.ts in the API). One list for both, so the
 * page and its server rendering use the same single copy of each.
 *
 * `react-dom/client` and `react/jsx-runtime` are separate entry points: sharing `react` /
 * `react-dom` alone would leave a second copy of each behind them. The router is shared as
 * `@jobboard/shared-ui/router`, which carries only what the apps use.
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'styled-components',
  'swr',
  'zustand',
] as const;

/** shared-ui's own entry points that are singletons (its theme, toasts, router context). */
export const SHARED_UI_SINGLETONS = ['@jobboard/shared-ui', '@jobboard/shared-ui/router'] as const;

export type SharedModule = (typeof SINGLETONS)[number] | (typeof SHARED_UI_SINGLETONS)[number];

export const SHARED_MODULES: SharedModule[] = [...SINGLETONS, ...SHARED_UI_SINGLETONS];

export { SERVER_SHARED_GLOBAL } from '@jobboard/contract/site';
