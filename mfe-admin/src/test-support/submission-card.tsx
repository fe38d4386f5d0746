import type { AdminSubmission } from '@jobboard/contract/admin';
import { SharedUiProvider } from '@jobboard/shared-ui';
import { render } from '@jobboard/test-utils/react';
import { vi } from 'vitest';
import {
  SubmissionCard,
  type SubmissionActions,
} from '../features/submissions/components/SubmissionCard';

/** A submission of the review queue as the API answers it; tests change what they look at. */
export const submission: AdminSubmission = {
  id: '7',
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  location: 'Remote',
  category: ['Political'],
  jobType: 'Full-time',
  experienceLevel: 'Not specified',
  salaryMin: 55_000,
  salaryMax: 65_000,
  contactName: 'Sam Rivera',
  contactEmail: 'sam@openballot.example',
  promoCode: null,
  submittedAt: '2026-11-22T12:00:00.000Z',
  description: 'Organize volunteers online.',
  applicationUrl: `https://openballot.example/jobs/${'a'.repeat(60)}`,
  deadline: null,
  listingType: 'basic',
  amount: 9_900,
  submissionStatus: 'pending_review',
  reviewNotes: null,
  jobId: null,
  paidAt: null,
  paymentLinkExpiresAt: null,
  livePaymentLinks: 0,
  listingCredits: 0,
  promoRedemption: null,
  paymentIssues: [],
  company: {
    onBoard: false,
    submitted: { websiteUrl: null, logo: null, description: null },
    differences: [],
  },
  approvalEmail: null,
};

/** The review card of `submission` changed by `data`, in `status`, with actions that record their calls. */
export function renderCard(
  status: string,
  extra: Partial<SubmissionActions> = {},
  data: Partial<AdminSubmission> = {},
) {
  const actions: SubmissionActions = {
    approve: vi.fn().mockResolvedValue(undefined),
    approveWithCredit: vi.fn().mockResolvedValue(undefined),
    reject: vi.fn().mockResolvedValue(undefined),
    generateLink: vi.fn().mockResolvedValue(undefined),
    revokeLinks: vi.fn().mockResolvedValue(undefined),
    copyTemplate: vi.fn().mockResolvedValue(undefined),
    updateAmount: vi.fn().mockResolvedValue(undefined),
    resolvePayment: vi.fn().mockResolvedValue(undefined),
    ...extra,
  };
  render(
    <SharedUiProvider>
      <SubmissionCard
        submission={{ ...submission, ...data, submissionStatus: status as never }}
        actions={actions}
      />
    </SharedUiProvider>,
  );
  return actions;
}
