import type { RemoteName } from '@jobboard/contract/site';
import type { ReactNode } from 'react';

/**
 * Marks what this remote rendered, and which build it is (checked by the deployment tests).
 * The version comes from the remote (its `__APP_VERSION__`): shared-ui is a federation singleton,
 * so a constant compiled in here would be the shell's build, not the remote's.
 */
export function RemoteRoot({
  name,
  version,
  children,
}: {
  name: RemoteName;
  version: string;
  children: ReactNode;
}) {
  return (
    <div data-remote={name} data-version={version}>
      {children}
    </div>
  );
}
