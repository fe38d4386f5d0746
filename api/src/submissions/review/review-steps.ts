import type { SubmissionStatus } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import { Conflict, NotFound } from '../../platform/domain-errors';
import type { ReviewRow, SubmissionRow } from '../submission-row';
import type { SubmissionsService } from '../submissions-service';

/** The signed-in admin reviewing. */
export interface Reviewer {
  id: number;
  username: string;
}

type Records = Pick<SubmissionsService, 'load' | 'update' | 'recordEvent'>;

/**
 * The steps every change of the review takes (review-service.ts): the submission locked, its
 * state checked, its status changed with its history line.
 */

/** The submission, locked for the rest of the transaction (NotFound when there is none). */
export async function lockedSubmission(
  submissions: Records,
  trx: Knex.Transaction,
  id: number,
): Promise<ReviewRow> {
  const submission = await submissions.load(trx, id, true);
  if (!submission) throw new NotFound('Submission not found');
  return submission;
}

/** The submission, locked, when it is pending review (Conflict otherwise: it cannot become `to`). */
export async function pendingSubmission(
  submissions: Records,
  trx: Knex.Transaction,
  id: number,
  to: SubmissionStatus,
): Promise<SubmissionRow> {
  const submission = await lockedSubmission(submissions, trx, id);
  if (submission.status !== 'pending_review') {
    throw new Conflict(
      `Only a submission pending review can be ${to}; this one is ${submission.status}.`,
    );
  }
  return submission;
}

/** A new status, by this reviewer, with its line in the history. */
export async function changeStatus(
  submissions: Records,
  trx: Knex.Transaction,
  submission: SubmissionRow,
  to: SubmissionStatus,
  reviewer: Reviewer,
  note: string | null,
  now: Date,
) {
  await submissions.update(trx, submission.id, {
    status: to,
    status_changed_at: now.getTime(),
    status_changed_by: reviewer.id,
    updated_at: now.getTime(),
  });
  await submissions.recordEvent(trx, {
    ...byReviewer(reviewer, submission, now),
    to,
    note,
  });
}

/** A history line by this reviewer that leaves the status as it is (the caller adds the note). */
export function byReviewer(reviewer: Reviewer, submission: SubmissionRow, now: Date) {
  return {
    submissionId: submission.id,
    from: submission.status,
    to: submission.status,
    adminId: reviewer.id,
    actor: `admin:${reviewer.username}`,
    at: now,
  };
}
