import { listingTier, type SubmissionPayload } from '@jobboard/contract';
import { Invalid } from '../domain-errors';
import { newSubmissionEmail, submissionReceivedEmail } from '../mail/submission-emails';
import { ACKNOWLEDGEMENT_CAPS, acknowledgementAllowed } from './acknowledgement-caps';
import { normaliseSubmission } from './normalise';
import { discountedCents, findUsablePromoCode } from '../promo-codes/promo-codes';
import type { ServiceContext } from '../service-context';

export type SubmissionContext = Pick<
  ServiceContext,
  | 'db'
  | 'dialect'
  | 'submissions'
  | 'promoCodes'
  | 'outbox'
  | 'now'
  | 'boardName'
  | 'publicUrl'
  | 'adminEmail'
  | 'log'
>;

/**
 * Store a checked submission for review, priced from its tier and promo code, and queue the two
 * e-mails (to the contact, to the admins) in the same transaction: the submission and its
 * messages exist together or not at all. The acknowledgement to the contact is skipped (and
 * logged, and the admins told) past the caps of ACKNOWLEDGEMENT_CAPS.
 */
export async function submitForReview(
  payload: SubmissionPayload,
  context: SubmissionContext,
): Promise<{ id: number; status: 'pending_review' }> {
  const { db, submissions, outbox, now } = context;
  const submission = normaliseSubmission(payload);
  const stored = await db.transaction(async (trx) => {
    let promoId: number | null = null;
    let amountCents: number = listingTier(submission.listingType).priceCents;
    if (submission.promoCode) {
      const lookup = await findUsablePromoCode(context.promoCodes, trx, submission.promoCode, now);
      if (!lookup.ok) throw new Invalid({ promoCode: lookup.message });
      promoId = lookup.promo.id;
      amountCents = discountedCents(amountCents, lookup.promo);
    }
    const id = await submissions.insert(trx, {
      title: submission.title,
      organization: submission.organization,
      description: submission.description,
      location: submission.location,
      categories: JSON.stringify(submission.categories),
      job_type: submission.jobType,
      experience_level: submission.experienceLevel,
      salary_min: submission.salaryMin,
      salary_max: submission.salaryMax,
      application_url: submission.applicationUrl,
      deadline: submission.deadline,
      contact_name: submission.contactName,
      contact_email: submission.contactEmail,
      listing_type: submission.listingType,
      promo_code: submission.promoCode,
      promo_code_id: promoId,
      company_website_url: submission.companyWebsite,
      company_logo_url: submission.logoUrl,
      company_description: submission.companyDescription,
      amount_cents: amountCents,
      status: 'pending_review',
      submitted_at: now.getTime(),
      updated_at: now.getTime(),
    });
    await submissions.recordEvent(trx, {
      submissionId: id,
      from: null,
      to: 'pending_review',
      actor: 'employer',
      at: now,
    });
    const email = {
      id,
      submission,
      amountCents,
      boardName: context.boardName,
      publicUrl: context.publicUrl,
    };
    const acknowledgement = await acknowledgementAllowed(
      trx,
      context,
      submission.contactEmail,
      now,
    );
    if (acknowledgement.send) {
      await outbox.enqueue(trx, { ...submissionReceivedEmail(email), submissionId: id }, now);
    }
    const skipped = acknowledgement.send ? null : acknowledgement.cap;
    await outbox.enqueue(
      trx,
      { ...newSubmissionEmail(email, context.adminEmail, skipped), submissionId: id },
      now,
    );
    return { id, status: 'pending_review' as const, skipped };
  });
  if (stored.skipped) {
    context.log.warn(
      { submissionId: stored.id, cap: stored.skipped, caps: ACKNOWLEDGEMENT_CAPS },
      'submission acknowledgement skipped: cap reached',
    );
  }
  return { id: stored.id, status: stored.status };
}
