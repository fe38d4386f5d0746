import {
  BILLING_MESSAGES,
  OFFLINE_METHOD_WORDS,
  type OfflinePayment,
  type OfflinePaymentRecorded,
} from '@jobboard/contract/payments';
import { formatCents } from '@jobboard/contract/common';
import type { FastifyBaseLogger } from 'fastify';
import { Conflict, NotFound } from '../../platform/domain-errors';
import type { PaymentsContext } from '../payments-service';
import { markPaidAndPublish } from '../publishing';

/** Who records it: the admin, for the listing's history. */
export interface OfflineRecorder {
  id: number | null;
  username: string;
}

/**
 * An admin records a check or a bank transfer received for a listing (issue 47), whether or not
 * Stripe is configured: the payment is 'paid' with provider 'offline', its method, reference and
 * the day it came, and the listing's history says so. An approved listing goes live now (it is
 * paid); one already live on an unpaid invoice (published on approval) has that invoice settled:
 * its row becomes 'void' and Stripe is told the invoice was paid out of band, so that it stops
 * reminding the buyer. A listing already paid, or not approved, is refused.
 */
export async function recordOfflinePayment(
  submissionId: number,
  input: OfflinePayment,
  admin: OfflineRecorder,
  context: PaymentsContext,
  log: FastifyBaseLogger,
): Promise<OfflinePaymentRecorded> {
  const { db, payments, submissions, now } = context;
  const offline = {
    method: input.method,
    reference: input.reference.trim(),
    receivedOn: input.receivedOn,
  };
  const note = `${OFFLINE_METHOD_WORDS[input.method]} ${offline.reference}, ${formatCents(input.amountCents)} received ${input.receivedOn}, recorded by ${admin.username}`;
  const actor = `admin:${admin.username}`;
  const { jobId, invoiceId } = await db.transaction(async (trx) => {
    const submission = await submissions.load(trx, submissionId, true);
    if (!submission) throw new NotFound('Submission not found');
    const invoice = await payments.invoiceOf(trx, submissionId);
    const unpaidInvoice = invoice?.status === 'invoiced' ? invoice : undefined;
    if (submission.status === 'approved') {
      const result = await markPaidAndPublish(
        trx,
        submissionId,
        {
          provider: 'offline',
          actor,
          adminId: admin.id,
          amountCents: input.amountCents,
          offline,
          note,
        },
        context,
      );
      if (result.outcome !== 'published') throw new Conflict(BILLING_MESSAGES.offlineNotPayable);
      if (unpaidInvoice) await payments.closeInvoice(trx, unpaidInvoice.id, 'void', now);
      await payments.markOpenSessionsToExpire(trx, submissionId);
      return { jobId: result.jobId, invoiceId: unpaidInvoice?.stripe_invoice_id ?? null };
    }
    if (submission.status === 'paid' && unpaidInvoice) {
      await payments.recordPaid(
        trx,
        { submissionId, provider: 'offline', amountCents: input.amountCents, offline },
        now,
      );
      await payments.closeInvoice(trx, unpaidInvoice.id, 'void', now);
      await submissions.recordEvent(trx, {
        submissionId,
        from: 'paid',
        to: 'paid',
        adminId: admin.id,
        actor,
        note: `${note}, for invoice ${unpaidInvoice.stripe_invoice_id}`,
        at: now,
      });
      return { jobId: submission.job_id, invoiceId: unpaidInvoice.stripe_invoice_id ?? null };
    }
    if (submission.status === 'paid') throw new Conflict(BILLING_MESSAGES.offlineAlreadyPaid);
    throw new Conflict(BILLING_MESSAGES.offlineNotPayable);
  });
  if (invoiceId && context.stripe) {
    try {
      await context.stripe.invoices.pay(invoiceId, { paid_out_of_band: true });
    } catch (error) {
      // The payment is recorded; Stripe keeps the invoice open until an admin marks it there.
      log.warn(
        { err: error, submissionId, invoiceId },
        'could not mark the Stripe invoice paid out of band',
      );
    }
  }
  const paid = await payments.paidOf(db, submissionId);
  return { paymentId: String(paid!.id), jobId: jobId === null ? null : String(jobId) };
}
