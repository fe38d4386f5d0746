import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  APPLICATION_FIELDS,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  type ApplicationFields,
} from '@jobboard/contract/applications';
import { HUMAN_PROOF_FIELDS, type HumanProofBody } from '@jobboard/contract/common';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/http-error';
import type { ApplicationInput } from './applications-service';

/**
 * @fastify/multipart's limits for the application form: one file, cut off (not buffered) past
 * 5 MB; the typed fields each within what the longest (the cover note, in UTF-8's four bytes a
 * character at worst) can need, and only as many as the form has (with the spam check's two).
 */
export const APPLICATION_FORM_LIMITS = {
  fileSize: APPLICATION_LIMITS.resumeBytes,
  files: 1,
  fields: APPLICATION_FIELDS.length + 5 + 4,
  fieldSize: APPLICATION_LIMITS.coverNote * 4,
  parts: APPLICATION_FIELDS.length + 5 + 5,
  headerPairs: 100,
};

const ANSWER = /^answers\.(q[1-5])$/;

/**
 * The application as the multipart form sent it (the board's dialog and the form without
 * JavaScript send the same parts): each known field, each question's answer, the résumé, and
 * apart the spam check's two fields (`proof`: HUMAN_PROOF_FIELDS). A résumé over the limit is read
 * as one too large (its bytes are dropped as they come).
 */
export async function readApplicationForm(
  request: FastifyRequest,
): Promise<ApplicationInput & { resumeTooLarge: boolean; proof: HumanProofBody }> {
  const fields: Partial<ApplicationFields> & { answers: Record<string, string> } = { answers: {} };
  const proof: HumanProofBody = {};
  let resume: ApplicationInput['resume'] = null;
  let resumeTooLarge = false;
  if (!request.isMultipart()) throw new HttpError(415, APPLICATION_MESSAGES.unreadable);
  try {
    await readParts();
  } catch (error) {
    // busboy's and the plugin's refusals of the body itself (cut off, no boundary, too many
    // parts or fields): the sender's fault, never ours.
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, APPLICATION_MESSAGES.unreadable);
  }
  return { fields, resume, resumeTooLarge, proof };

  async function readParts() {
    // The limits are the plugin's (APPLICATION_FORM_LIMITS, with throwFileSizeLimit off).
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const bytes = await file.toBuffer();
        if (file.file.truncated) resumeTooLarge = true;
        else if (file.fieldname === 'resume' && bytes.length) {
          resume = { bytes, name: file.filename ?? '' };
        }
        continue;
      }
      const { fieldname, value } = part as MultipartValue<unknown>;
      if (typeof value !== 'string') continue;
      const answer = ANSWER.exec(fieldname);
      if (answer) fields.answers[answer[1]!] = value;
      else if (fieldname === HUMAN_PROOF_FIELDS.proof) proof.humanProof = value;
      else if (fieldname === HUMAN_PROOF_FIELDS.honeypot) proof.website = value;
      else if ((APPLICATION_FIELDS as readonly string[]).includes(fieldname)) {
        (fields as Record<string, unknown>)[fieldname] = value;
      }
    }
  }
}
