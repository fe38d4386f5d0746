import type { Page } from '@playwright/test';

/**
 * The shared modules the federation runtime has loaded on the page (`window.__FEDERATION__`'s
 * share scopes): each module's loaded copies as `<version> from <app>`, the React renderers
 * registered (an init script must have installed the DevTools hook first: countRenderers) and
 * the styled-components style sheets.
 */
export async function loadedSharedModules(page: Page) {
  return page.evaluate(() => {
    type ShareScope = Record<string, Record<string, { from: string; loaded?: boolean }>>;
    const federation = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, { default: ShareScope }> };
      }
    ).__FEDERATION__;
    const copies: Record<string, string[]> = {};
    for (const host of Object.values(federation.__SHARE__)) {
      for (const [name, versions] of Object.entries(host.default)) {
        for (const [version, share] of Object.entries(versions)) {
          if (share.loaded) (copies[name] ??= []).push(`${version} from ${share.from}`);
        }
      }
    }
    return {
      copies,
      renderers: (window as unknown as { __renderers?: number }).__renderers,
      styleSheets: document.querySelectorAll('style[data-styled]').length,
    };
  });
}

/** Count React DOM's renderer copies: each registers with the DevTools hook, installed here. */
export async function countRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__renderers = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => ((w.__renderers as number) += 1),
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
}

/** Every singleton the shell and the remotes share (shared-ui/build-config/src/shared-modules.ts). */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  // The router is shared through shared-ui's router entry (only the parts the apps use).
  '@jobboard/shared-ui/router',
  'styled-components',
  'swr',
  'zustand',
  '@jobboard/shared-ui',
] as const;
