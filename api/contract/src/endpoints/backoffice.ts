/** Admin at scale (issue 16; api/src/backoffice/): exports, history, e-mail, numbers. */
import { string } from 'superstruct';
import {
  AdminEmail,
  AdminEmailPage,
  AdminEmailsQuery,
  AdminJobsQuery,
  AdminStats,
  AdminSubmissionsQuery,
  History,
  REVENUE_MONTHS,
} from '../admin-lists';
import { type Endpoint } from '../endpoint';
import { byId, jobId, submissionId } from './params';

/** Answers `text/csv` (an attachment): every job of the view the query names, all pages. */
export const exportJobs = {
  method: 'GET',
  path: '/api/admin/exports/jobs.csv',
  summary: 'Every job of the view as CSV (all pages).',
  querystring: AdminJobsQuery,
  mediaTypes: ['text/csv'],
  response: string(),
} as const satisfies Endpoint;
/** Answers `text/csv` (an attachment): the submissions of the view, with their payments. */
export const exportSubmissions = {
  method: 'GET',
  path: '/api/admin/exports/submissions.csv',
  summary: 'Every submission of the view as CSV, with its payments.',
  querystring: AdminSubmissionsQuery,
  mediaTypes: ['text/csv'],
  response: string(),
} as const satisfies Endpoint;
export const jobHistory = {
  method: 'GET',
  path: '/api/admin/jobs/:id/history',
  summary:
    "A job's timeline: creation and every change with who, when and each field's old and new value.",
  ...jobId,
  response: History,
} as const satisfies Endpoint;
export const submissionHistory = {
  method: 'GET',
  path: '/api/admin/submissions/:id/history',
  summary: "A submission's timeline: review, payment, publication and its e-mails.",
  ...submissionId,
  response: History,
} as const satisfies Endpoint;
export const adminEmails = {
  method: 'GET',
  path: '/api/admin/emails',
  summary: "One page of the outbox with each message's state.",
  querystring: AdminEmailsQuery,
  response: AdminEmailPage,
} as const satisfies Endpoint;
export const resendEmail = {
  method: 'POST',
  path: '/api/admin/emails/:id/resend',
  summary:
    'Queues a failed e-mail again (409 with the reason for one that carried a pay link or a job-alert confirmation link, or a job-alert e-mail whose alert has since been unsubscribed).',
  ...byId('E-mail not found'),
  response: AdminEmail,
} as const satisfies Endpoint;
export const adminStats = {
  method: 'GET',
  path: '/api/admin/stats',
  summary: `The dashboard's numbers at a glance and the revenue of the last ${REVENUE_MONTHS} months.`,
  response: AdminStats,
} as const satisfies Endpoint;
