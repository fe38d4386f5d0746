import { SOCIAL_MESSAGES } from '@jobboard/contract/admin';
import { REPORT_QUEUE_TEXTS } from '@jobboard/contract/jobs';

/** Texts of the admin area's frame: its navigation and its catch-all page. */
export const ADMIN_NAV = {
  jobs: 'Jobs',
  submissions: 'Submissions',
  proposals: 'Proposed changes',
  reports: REPORT_QUEUE_TEXTS.nav,
  promoCodes: 'Promo codes',
  emails: 'E-mail',
  newsletter: 'Newsletter',
  channels: SOCIAL_MESSAGES.nav,
  stillHiring: 'Still hiring?',
  organizations: 'Organisations',
  apiKeys: 'API keys',
  security: 'Security',
  notFound: 'This admin page does not exist.',
  loadingJob: 'Loading job details...',
} as const;
