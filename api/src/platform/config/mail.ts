/** E-mail (platform/config.ts): the SMTP server, the sender and the outbox's pace. */
import type { SiteConfig } from '@jobboard/contract/site';
import {
  parseCount,
  parseEmail,
  parseMailFrom,
  parseSmtpConnections,
  parseSmtpUrl,
} from '../config-values';
import type { Read } from './env';

export interface MailConfig {
  /** smtp(s)://user:password@host:port; null keeps messages in the outbox (and logs them). */
  smtpUrl: string | null;
  from: string;
  /** Where 'new submission' notices go. */
  adminEmail: string;
  /** How often the background sender looks for due messages; 0 turns it off (tests flush). */
  pollSeconds: number;
  /** SMTP_MAX_CONNECTIONS: connections the pooled transport keeps open to the SMTP server. */
  maxConnections: number;
}

/** The mail settings; the sender and the admins' address default to the site's jobs address. */
export function readMail(
  read: Read,
  site: Pick<SiteConfig, 'boardName' | 'jobsEmail'>,
): MailConfig {
  return {
    smtpUrl: read('SMTP_URL', parseSmtpUrl, null as string | null),
    from: read('MAIL_FROM', parseMailFrom, `${site.boardName} <${site.jobsEmail}>`),
    adminEmail: read('ADMIN_EMAIL', parseEmail, site.jobsEmail),
    pollSeconds: read('MAIL_POLL_SECONDS', parseCount, 5),
    maxConnections: read('SMTP_MAX_CONNECTIONS', parseSmtpConnections, 5),
  };
}
