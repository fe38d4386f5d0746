import type { AdminSubmission } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

const url = (id: string, action: string) =>
  `/api/admin/submissions/${encodeURIComponent(id)}/${action}`;

export interface Approval {
  submission: AdminSubmission;
  paymentUrl: string | null;
  publishedWithCredit: boolean;
}

export const approveSubmission = (id: string) =>
  apiFetch<Approval>(url(id, 'approve'), { method: 'POST' });

export const rejectSubmission = (id: string, notes: string) =>
  apiFetch<AdminSubmission>(url(id, 'reject'), {
    method: 'POST',
    body: { notes: notes.trim() || null },
  });

/** Cents, a whole number above zero. */
export const updateAmount = (id: string, amount: number) =>
  apiFetch<AdminSubmission>(url(id, 'amount'), { method: 'PUT', body: { amount } });

export const generatePaymentLink = (id: string) =>
  apiFetch<{ paymentUrl: string }>(url(id, 'payment-link'), { method: 'POST' });

export const markPaid = (id: string) =>
  apiFetch<AdminSubmission>(url(id, 'mark-paid'), { method: 'POST' });
