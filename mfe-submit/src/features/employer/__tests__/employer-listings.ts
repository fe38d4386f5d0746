import type { EmployerListing, EmployerListings } from '@jobboard/contract/employer';

/** A live listing of the signed-in employer, open to proposals; override what a test is about. */
export const liveListing = (change: Partial<EmployerListing> = {}): EmployerListing => ({
  submissionId: '2',
  jobId: '40',
  title: 'Digital Organizer',
  organization: 'Coastal Justice Fund',
  tierName: 'Featured Listing',
  amountCents: 9_900,
  status: 'live',
  submittedAt: '2026-11-01T12:00:00.000Z',
  endsAt: '2026-12-22T12:00:00.000Z',
  timeline: [{ kind: 'live', at: '2026-11-03T12:00:00.000Z', detail: null }],
  paymentDue: false,
  receiptId: null,
  canEdit: false,
  canClose: true,
  canPropose: true,
  proposal: null,
  ...change,
});

/** `GET /api/employer/listings`'s one page of these listings. */
export const listingsPage = (listings: EmployerListing[]): EmployerListings => ({
  email: 'hiring@coastaljusticefund.org',
  listings,
  page: 1,
  pageSize: 20,
  total: listings.length,
});
