import { emailKey } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { parseRecordId } from '@jobboard/contract/jobs';
import { MAX_MEMBER_BOOKMARKS, type MemberSignedIn } from '@jobboard/contract/members';
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

/**
 * The e-mail a token claims (its `sub`), as the API will know the member (emailKey), to show the
 * visitor whose account a link opens before they use it; null when it names none. Not a check:
 * only the API verifies the token.
 */
export function claimedEmailOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub.includes('@') ? emailKey(sub) : null;
  } catch {
    return null;
  }
}
