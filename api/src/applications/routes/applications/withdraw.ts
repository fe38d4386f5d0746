import { APPLICATION_MESSAGES } from '@jobboard/contract/applications';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Gone } from '../../../platform/domain-errors';
import { sameSiteOrigin } from '../../../platform/http/csrf';
import { escapeHtml } from '../../../discovery';
import { page, sendPage } from '../../application-page';

const TITLE = 'Withdraw your application';

/**
 * The withdrawal link of the applicant's confirmation (issue 42). Its GET only draws a page with a
 * button (a mail scanner that opens the link withdraws nothing); the button's POST withdraws and
 * deletes the application and its résumé. Both work without JavaScript.
 */
const withdrawRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const boardName = () => app.config.site.boardName;
  const sameSite = sameSiteOrigin(app);
  const send = (status: number, main: string) => (reply: FastifyReply) =>
    sendPage(reply, status, page(`${TITLE} - ${boardName()}`, main));

  app.get<{ Querystring: { token?: string } }>('/withdraw', async (request, reply) => {
    const token = String(request.query.token ?? '');
    return send(
      200,
      `<h1>${TITLE}</h1><p>Withdrawing deletes your application and your résumé from ${escapeHtml(boardName())}; the employer no longer sees it. This cannot be undone.</p><form method="post" action="/applications/withdraw"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Withdraw and delete my application</button></form>`,
    )(reply);
  });

  app.post<{ Body: { token?: string } }>('/withdraw', async (request, reply) => {
    if (!sameSite(request)) {
      return send(403, '<h1>This request came from another site and was refused.</h1>')(reply);
    }
    try {
      await app.applications.withdraw(String(request.body?.token ?? ''));
      return send(
        200,
        `<h1 role="status">${escapeHtml(APPLICATION_MESSAGES.withdrawn)}</h1><p><a href="/">All jobs</a></p>`,
      )(reply);
    } catch (error) {
      if (!(error instanceof Gone)) throw error;
      return send(
        410,
        `<h1>${escapeHtml(error.message)}</h1><p><a href="/">All jobs</a></p>`,
      )(reply);
    }
  });
};

export default withdrawRoutes;
