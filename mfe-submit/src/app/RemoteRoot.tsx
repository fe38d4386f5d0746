import type { ReactNode } from 'react';

/** Marks what this remote rendered, and which build it is (checked by the deployment tests). */
export function RemoteRoot({ children }: { children: ReactNode }) {
  return (
    <div data-remote="mfe_submit" data-version={__APP_VERSION__}>
      {children}
    </div>
  );
}
