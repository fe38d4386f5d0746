import type { FastifyReply } from 'fastify';
import type { ResumeDownload } from './inbox-service';

/**
 * A résumé answered as a download, never as a page (issue 42): its own type (one of RESUME_TYPES,
 * told by its bytes when it was sent), `attachment` with a name of safe characters, nosniff so no
 * browser guesses another type, a policy that lets nothing in it run or load (were it ever opened
 * in place), not readable by other sites, never stored on the way.
 */
export function sendResume(reply: FastifyReply, resume: ResumeDownload): FastifyReply {
  return reply
    .header('Content-Type', resume.contentType)
    .header('Content-Disposition', `attachment; filename="${resume.filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Cache-Control', 'no-store')
    .send(resume.bytes);
}
