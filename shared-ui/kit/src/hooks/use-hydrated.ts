import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders on the server or takes over the server's HTML (hydration), true
 * otherwise. What only the browser knows (its storage, its time zone) is drawn once this is true,
 * so the browser's first render equals the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
