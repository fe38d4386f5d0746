/** Every migration, oldest first. A new change is a new file, appended here. */
import createCompanies from './20261122000100_create_companies';
import createJobs from './20261122000200_create_jobs';
import createLocations from './20261122000300_create_locations';
import createCategories from './20261122000400_create_categories';
import createJobsSearchIndex from './20261122000500_create_jobs_search_index';
import createAdmins from './20261122000600_create_admins';
import createSessions from './20261122000700_create_sessions';
import createPromoCodes from './20261122000800_create_promo_codes';
import createSubmissions from './20261122000900_create_submissions';
import createSubmissionEvents from './20261122001000_create_submission_events';
import createPayments from './20261122001100_create_payments';
import createProcessedWebhookEvents from './20261122001200_create_processed_webhook_events';
import createOutbox from './20261122001300_create_outbox';
import createListingCredits from './20261122001400_create_listing_credits';
import createMembers from './20261122001500_create_members';
import createMemberBookmarks from './20261122001600_create_member_bookmarks';
import storePaymentToken from './20261122001700_store_payment_token';
import indexPublicSortOrders from './20261123000100_index_public_sort_orders';
import searchPrefixIndex from './20261123000200_search_prefix_index';
import searchStatistics from './20261123000300_search_statistics';
import titleSearchIndex from './20261123000400_title_search_index';
import createCacheVersions from './20261123000500_create_cache_versions';
import sessionsPerAdmin from './20261123200100_sessions_per_admin';
import outboxTemplateIndex from './20261123200200_outbox_template_index';
import labelKeys from './20261124000100_label_keys';
import searchWordPrefixes from './20261124000200_search_word_prefixes';
import hashPaymentTokens from './20261124120100_hash_payment_tokens';
import paymentLinkExpiry from './20261124120200_payment_link_expiry';
import paymentReview from './20261124120300_payment_review';
import promoRedemption from './20261124120400_promo_redemption';
import canonicalJobTypes from './20261124120500_canonical_job_types';
import createMemberSessions from './20261125010100_create_member_sessions';
import memberBookmarksOutliveJobs from './20261125010200_member_bookmarks_outlive_jobs';
import jobSyncHash from './20261125020100_job_sync_hash';
import createSyncRuns from './20261125020200_create_sync_runs';
import createSyncLease from './20261125020300_create_sync_lease';
import jobsCreatedIndex from './20261125040100_jobs_created_index';
import createJobAudit from './20261125040200_create_job_audit';
import outboxSubmission from './20261125040300_outbox_submission';
import submissionCompanyLinks from './20261125040400_submission_company_links';
import outboxHeaders from './20261125050100_outbox_headers';
import createJobAlerts from './20261125050200_create_job_alerts';
import createSpentMemberTokens from './20261126000100_create_spent_member_tokens';
import jobAuditChanges from './20261126010100_job_audit_changes';
import jobAdminFields from './20261126010200_job_admin_fields';
import createDeletedSyncedJobs from './20261126010300_create_deleted_synced_jobs';
import syncRunConflicts from './20261126010400_sync_run_conflicts';
import createPaymentLinks from './20261126020100_create_payment_links';
import paymentSessionLinks from './20261126020200_payment_session_links';
import companyDetailSetters from './20261126020300_company_detail_setters';
import createCompanyAudit from './20261126020400_create_company_audit';
import submissionCompanyDescription from './20261126020500_submission_company_description';
import type { Migration } from './migration';

export const migrations: Migration[] = [
  createCompanies,
  createJobs,
  createLocations,
  createCategories,
  createJobsSearchIndex,
  createAdmins,
  createSessions,
  createPromoCodes,
  createSubmissions,
  createSubmissionEvents,
  createPayments,
  createProcessedWebhookEvents,
  createOutbox,
  createListingCredits,
  createMembers,
  createMemberBookmarks,
  storePaymentToken,
  indexPublicSortOrders,
  searchPrefixIndex,
  searchStatistics,
  titleSearchIndex,
  createCacheVersions,
  sessionsPerAdmin,
  outboxTemplateIndex,
  labelKeys,
  searchWordPrefixes,
  hashPaymentTokens,
  paymentLinkExpiry,
  paymentReview,
  promoRedemption,
  canonicalJobTypes,
  createMemberSessions,
  memberBookmarksOutliveJobs,
  jobSyncHash,
  createSyncRuns,
  createSyncLease,
  jobsCreatedIndex,
  createJobAudit,
  outboxSubmission,
  submissionCompanyLinks,
  outboxHeaders,
  createJobAlerts,
  createSpentMemberTokens,
  jobAuditChanges,
  jobAdminFields,
  createDeletedSyncedJobs,
  syncRunConflicts,
  createPaymentLinks,
  paymentSessionLinks,
  companyDetailSetters,
  createCompanyAudit,
  submissionCompanyDescription,
];
