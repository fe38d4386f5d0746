import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/members/bookmarks: a member's bookmarks, which follow them to every device. */
const memberBookmarksRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.memberBookmarks, {}, async (request) =>
    app.members.listBookmarks(request.member!.id),
  );

  route(app, ENDPOINTS.addMemberBookmark, {}, async (request) => {
    await app.members.addBookmark(request.member!.id, request.params.id, app.now());
    return { message: MEMBER_MESSAGES.bookmarkSaved };
  });

  route(app, ENDPOINTS.removeMemberBookmark, {}, async (request) => {
    await app.members.removeBookmark(request.member!.id, request.params.id);
    return { message: MEMBER_MESSAGES.bookmarkRemoved };
  });
};

export default memberBookmarksRoutes;
