import { RemoteRoot } from '@jobboard/shared-ui';
import { MemberCallback } from '../features/member/components/MemberCallback';

/** /ghost-callback: where the membership system sends a member back after signing in. */
export default function MemberCallbackPage() {
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <MemberCallback />
    </RemoteRoot>
  );
}
