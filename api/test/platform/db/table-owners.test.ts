import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DIR } from '../../support/paths';
import { SRC, sourceFiles, srcPath } from '../../support/source-files';

/**
 * Each table belongs to one domain, and only its repository (the files or folder named here)
 * queries it: everything else asks the repository on `app` (api/src/README.md). A new table must
 * be added here, with its owner, or this test fails.
 */
const OWNERS: Record<string, string[]> = {
  submissions: ['submissions/submissions-repository.ts'],
  submission_events: ['submissions/submissions-repository.ts'],
  listing_credits: ['submissions/listing-credits-repository.ts'],
  promo_codes: ['promo-codes/promo-codes-repository.ts'],
  payments: ['payments/payments-repository.ts'],
  payment_links: ['payments/payments-repository.ts'],
  processed_webhook_events: ['payments/payments-repository.ts'],
  billing_details: ['payments/billing/billing-repository.ts'],
  outbox: ['mail/outbox.ts'],
  job_alerts: ['alerts/alerts-repository.ts'],
  alert_subscribe_locks: ['alerts/alerts-repository.ts'],
  job_alert_links: ['alerts/alerts-repository.ts'],
  alert_data_links: ['alerts/alerts-repository.ts'],
  admins: ['admins/admins-repository.ts'],
  admin_recovery_codes: ['admins/admins-repository.ts'],
  sessions: ['admins/session-store.ts'],
  login_throttle: ['admins/login-throttle.ts'],
  rate_limits: ['platform/plugins/rate-limit.ts'],
  human_proof_spent: ['human-proof/spent-proofs-repository.ts'],
  logos: ['logos/logos-repository.ts'],
  sync_runs: ['sync/sync-repository.ts'],
  sync_lease: ['sync/sync-repository.ts'],
  retention_lease: ['retention/retention-repository.ts'],
  backup_runs: ['backup/backup-repository.ts'],
  backup_lease: ['backup/backup-repository.ts'],
  renewal_links: ['renewals/renewals-repository.ts'],
  job_renewals: ['renewals/renewals-repository.ts'],
  renewal_reminders: ['renewals/renewals-repository.ts'],
  renewal_reminder_lease: ['renewals/renewals-repository.ts'],
  job_daily_stats: ['job-stats/job-stats-repository.ts', 'job-stats/repositories/'],
  job_daily_channel_stats: ['job-stats/repositories/'],
  board_daily_channel_stats: ['job-stats/repositories/'],
  job_stat_visitors: ['job-stats/job-stats-repository.ts', 'job-stats/repositories/'],
  job_stat_salts: ['job-stats/job-stats-repository.ts'],
  employer_sign_in_links: ['employers/employers-repository.ts'],
  job_proposals: ['proposals/proposals-repository.ts'],
  settings: ['settings/settings-repository.ts'],
  applications: [
    'applications/applications-repository.ts',
    'applications/applications-upkeep-repository.ts',
  ],
  application_files: [
    'applications/applications-repository.ts',
    'applications/applications-upkeep-repository.ts',
  ],
  employer_application_settings: [
    'applications/applications-repository.ts',
    'applications/applications-upkeep-repository.ts',
  ],
  application_digest_lease: ['applications/applications-upkeep-repository.ts'],
  newsletter_issues: ['newsletter/newsletter-repository.ts'],
  newsletter_issue_jobs: ['newsletter/newsletter-repository.ts'],
  newsletter_schedule: ['newsletter/newsletter-repository.ts'],
  social_channels: ['social/social-repository.ts'],
  social_posts: ['social/social-repository.ts'],
  social_lease: ['social/social-repository.ts'],
  listing_reports: ['reports/reports-repository.ts'],
  reported_listings: ['reports/reports-repository.ts'],
  check_ins: ['check-ins/check-ins-repository.ts'],
  check_in_lease: ['check-ins/check-ins-repository.ts'],
  job_link_checks: ['link-checks/link-checks-repository.ts'],
  api_keys: ['api-keys/api-keys-repository.ts'],
  organizations: ['organizations/organizations-repository.ts'],
  organization_members: ['organizations/organizations-repository.ts'],
  organization_invites: ['organizations/organizations-repository.ts'],
  organization_history: ['organizations/organizations-repository.ts'],
  link_check_lease: ['link-checks/link-checks-repository.ts'],
  // The jobs slice's tables: only its repositories query them (issue 41), its search, text index,
  // history and jobs version included; the rest of the slice asks them.
  ...Object.fromEntries(
    [
      'jobs',
      'companies',
      'job_locations',
      'job_categories',
      'locations',
      'categories',
      'cache_versions',
      'jobs_fts',
      'job_audit',
      'company_audit',
      'deleted_synced_jobs',
    ].map((table) => [table, ['jobs/repositories/']]),
  ),
  members: ['members/members-repository.ts'],
  member_sessions: ['members/members-repository.ts'],
  member_bookmarks: ['members/members-repository.ts'],
  spent_member_tokens: ['members/members-repository.ts'],
};

const MIGRATIONS = path.join(API_DIR, 'migrations');

/**
 * Where `text` queries `table`: `db('t')`, `trx<Row>('t')`, `.from('t')`, `.join('t', ...)` and the
 * like (a table name as a query's table), one line number each.
 */
export function queriesOf(text: string, table: string): number[] {
  const name = `['"\`]${table}['"\`]`;
  const call = new RegExp(
    // A call of anything but `.as(...)` (an alias) with the name alone: db('t'), trx<Row>('t').
    `(?:\\b(?!as\\b)\\w+(?:<\\w+>)?\\(\\s*${name}\\s*\\))|(?:\\.(?:from|into|table|join|leftJoin|innerJoin|rightJoin)\\(\\s*${name})`,
  );
  return text.split('\n').flatMap((line, i) => (call.test(line) ? [i + 1] : []));
}

describe('table ownership', () => {
  it('finds a query, and only a query, of a table', () => {
    expect(queriesOf(`await trx('payments').where({ id })`, 'payments')).toEqual([1]);
    expect(
      queriesOf(`db<PaymentRow>(\n'x');\nreturn db<PaymentRow>('payments').first()`, 'payments'),
    ).toEqual([3]);
    expect(queriesOf(`query.join('jobs', 'jobs.id', 'x')`, 'jobs')).toEqual([1]);
    expect(queriesOf(`this.readDb.from('jobs')`, 'jobs')).toEqual([1]);
    expect(queriesOf(`db.distinct('id').from(ids.as('payments'))`, 'payments')).toEqual([]);
    expect(queriesOf(`app.decorate('payments', new PaymentsRepository())`, 'payments')).toEqual([]);
    expect(queriesOf(`{ name: 'payments', dependencies: ['db'] }`, 'payments')).toEqual([]);
  });

  it('knows the owner of every table the migrations create', () => {
    const created = new Set<string>();
    for (const file of sourceFiles(MIGRATIONS)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /createTable\(\s*'([a-z_]+)'|CREATE VIRTUAL TABLE ([a-z_]+)/g,
      )) {
        created.add(match[1] ?? match[2]!);
      }
    }
    expect([...created].filter((table) => !(table in OWNERS))).toEqual([]);
  });

  it('lets no code outside its repository query a domain table', () => {
    const trespasses: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = srcPath(file);
      const text = readFileSync(file, 'utf8');
      for (const [table, owners] of Object.entries(OWNERS)) {
        if (
          owners.some(
            (owner) => relative === owner || (owner.endsWith('/') && relative.startsWith(owner)),
          )
        )
          continue;
        for (const line of queriesOf(text, table))
          trespasses.push(`${relative}:${line} queries ${table}`);
      }
    }
    expect(trespasses).toEqual([]);
  });
});
