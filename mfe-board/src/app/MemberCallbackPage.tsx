import { MemberCallback } from '../features/member/components/MemberCallback';
import { RemoteRoot } from './RemoteRoot';

/** /ghost-callback: where the membership system sends a member back after signing in. */
export default function MemberCallbackPage() {
  return (
    <RemoteRoot>
      <MemberCallback />
    </RemoteRoot>
  );
}
