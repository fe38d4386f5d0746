import {
  ENDPOINTS,
  MAX_MEMBER_BOOKMARKS,
  parseRecordId,
  type MemberSignedIn,
} from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * Hand Ghost's identity token to the API with this browser's bookmarks (only ids that can name a
 * job; the API merges them into the member's list and answers the result).
 */
export function signInMember(token: string, localIds: readonly string[]): Promise<MemberSignedIn> {
  const bookmarks = localIds
    .map((id) => parseRecordId(id))
    .filter((id): id is number => id !== null)
    .slice(0, MAX_MEMBER_BOOKMARKS);
  return apiFetch(ENDPOINTS.memberSignIn, { body: { token, bookmarks } });
}
