import type { AdminSubmission, IssuedPaymentLink } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

const url = (id: string, action: string) =>
  `/api/admin/submissions/${encodeURIComponent(id)}/${action}`;

export interface Approval {
  submission: AdminSubmission;
  paymentUrl: string | null;
  publishedWithCredit: boolean;
}

/** Approve; `useCredit` publishes at once with one of the contact's Multiples credits. */
export const approveSubmission = (id: string, useCredit = false) =>
  apiFetch<Approval>(url(id, 'approve'), {
    method: 'POST',
    ...(useCredit ? { body: { useCredit: true } } : {}),
  });

export const rejectSubmission = (id: string, notes: string) =>
  apiFetch<AdminSubmission>(url(id, 'reject'), {
    method: 'POST',
    body: { notes: notes.trim() || null },
  });

/** Cents, a whole number above zero. */
export const updateAmount = (id: string, amount: number) =>
  apiFetch<AdminSubmission>(url(id, 'amount'), { method: 'PUT', body: { amount } });

/** A new pay link: the earlier ones stop working (only a hash of a link is kept). */
export const generatePaymentLink = (id: string) =>
  apiFetch<IssuedPaymentLink>(url(id, 'payment-link'), { method: 'POST' });

/** A flagged payment has been refunded or otherwise dealt with. */
export const resolvePaymentIssue = (id: string, paymentId: string) =>
  apiFetch<AdminSubmission>(url(id, `payments/${encodeURIComponent(paymentId)}/resolve`), {
    method: 'POST',
  });

export const markPaid = (id: string) =>
  apiFetch<AdminSubmission>(url(id, 'mark-paid'), { method: 'POST' });
