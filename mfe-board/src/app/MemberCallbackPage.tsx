import { RemoteRoot } from '@jobboard/shared-ui';
import { useBookmarks } from '../features/jobs/stores/bookmarks-store';
import { MemberCallback } from '../features/member/components/MemberCallback';

const localBookmarks = () => useBookmarks.getState().ids;
const adoptBookmarks = (ids: string[]) => useBookmarks.getState().adopt(ids);

/** /ghost-callback: where the membership system sends a member back after signing in. */
export default function MemberCallbackPage() {
  return (
    <RemoteRoot name="mfe_board" version={__APP_VERSION__}>
      <MemberCallback localBookmarks={localBookmarks} onSignedIn={adoptBookmarks} />
    </RemoteRoot>
  );
}
