import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { type MemberDataExport } from '@jobboard/contract/members';
import { apiFetch } from '@jobboard/shared-ui';

/** `GET /api/members/data`: the member's record, bookmarks and their address's alerts. */
export const exportMemberData = (): Promise<MemberDataExport> =>
  apiFetch(ENDPOINTS.memberDataExport);

/** `DELETE /api/members/data`: all of it, and every session of the member. */
export const deleteMemberData = () => apiFetch(ENDPOINTS.memberDataDelete);
