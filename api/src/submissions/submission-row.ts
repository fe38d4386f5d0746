import type { ApplyMethod } from '@jobboard/contract/applications';
import type { ListingTierId } from '@jobboard/contract/submissions';
import type { WorkplaceType } from '@jobboard/contract/jobs';
import type { PayRow } from '../jobs';

/** The columns of `submissions` the review and payment flows read (its pay: pay-columns.ts). */
export interface SubmissionRow extends PayRow {
  id: number;
  title: string;
  organization: string;
  description: string;
  location: string;
  /** Where the job is done (migration 20261201020000); null on an earlier release's submission. */
  workplace_type?: WorkplaceType | null;
  remote_places?: string | null;
  categories: string;
  job_type: string;
  experience_level: string;
  application_url: string;
  /**
   * How candidates apply (migration 20261129120000): null on a submission of an earlier release
   * (its link). The relayed address is the admins' and the employer's to see, never the public's.
   */
  apply_method?: ApplyMethod | null;
  application_email?: string | null;
  how_to_apply?: string | null;
  /** The questions, a JSON list (normalised). */
  screening_questions?: string | null;
  deadline: string | null;
  contact_name: string;
  contact_email: string;
  listing_type: 'basic' | 'featured';
  promo_code: string | null;
  promo_code_id: number | null;
  /** null until the code is counted; see migration 20261124120400_promo_redemption. */
  promo_redemption: 'redeemed' | 'used_up' | null;
  amount_cents: number;
  status: string;
  job_id: number | null;
  /** The organisation whose listing this is (issue 47); null once its contact was blanked. */
  organization_id: number | null;
  /**
   * The newest pay link (hex SHA-256 of its token) and its end, kept for a release that reads
   * them: every link is in `payment_links` (payment-tokens.ts), which is what is read now.
   */
  payment_token_hash: string | null;
  payment_token_expires_at: number | null;
  paid_at: number | null;
  /**
   * What the public form says about the company: its website and logo (migration
   * 20261125040400) and its description (20261126020500). They give a company new to the board
   * its details; one already there changes only as an admin approves (review/review-service.ts).
   */
  company_website_url: string | null;
  company_logo_url: string | null;
  company_description: string | null;
  /** When the employer last edited it before approval (migration 20261126210110); null: never. */
  edited_at?: number | null;
  /**
   * When the signed-in employer asked to publish it with a Multiples credit (migration
   * 20261129134000); null: never. Only then may the approval spend one.
   */
  credit_requested_at?: number | null;
  /** The integrator's API key it was submitted with (issue 46); null for the form's. */
  api_key_id?: number | null;
}

/** A submission as the review queue reads it: every column, the review notes and dates too. */
export type ReviewRow = SubmissionRow & { review_notes?: string | null; submitted_at?: number };

/** The columns a change to a submission may write. */
export type SubmissionChange = Partial<{
  status: string;
  status_changed_at: number;
  status_changed_by: number | null;
  review_notes: string | null;
  amount_cents: number;
  promo_redemption: 'redeemed' | 'used_up';
  job_id: number;
  paid_at: number;
  payment_token_hash: string | null;
  payment_token_created_at: number | null;
  payment_token_expires_at: number | null;
  credit_requested_at: number | null;
  updated_at: number;
}>;

/** One line of a submission's history (`submission_events`). */
export interface SubmissionEvent {
  submissionId: number;
  from: string | null;
  to: string;
  /** Who did it: 'employer', 'system', 'stripe', 'admin:<name>'. */
  actor: string;
  adminId?: number | null;
  note?: string | null;
  at: Date;
}

/** A stored line of `submission_events`. */
export interface StoredEvent {
  id: number;
  from_status: string | null;
  to_status: string;
  actor: string;
  note: string | null;
  created_at: number;
}

/** A listing paid for (its submission 'paid'): its job and the tier it was bought in. */
export interface PaidListing {
  jobId: number;
  tier: ListingTierId;
}
