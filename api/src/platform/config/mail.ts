/** E-mail (platform/config.ts): the SMTP server, the sender and the outbox's pace. */
import type { SiteConfig } from '@jobboard/contract/site';
import {
  parseBoolean,
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
  /**
   * MAIL_DISABLED=true: the operator runs the board without e-mail on purpose (issue 46), so
   * production starts without SMTP_URL and a real sender; messages wait in the outbox.
   */
  disabled: boolean;
  from: string;
  /** Where 'new submission' notices go. */
  adminEmail: string;
  /** How often the background sender looks for due messages; 0 turns it off (tests flush). */
  pollSeconds: number;
  /** SMTP_MAX_CONNECTIONS: connections the pooled transport keeps open to the SMTP server. */
  maxConnections: number;
}

/** MAIL_DISABLED=true beside an SMTP_URL: which one is meant cannot be guessed. */
export const MAIL_DISABLED_WITH_SMTP =
  'MAIL_DISABLED=true and SMTP_URL are both set: MAIL_DISABLED=true says the board sends no e-mail. Unset one of them';

/** The mail settings; the sender and the admins' address default to the site's jobs address. */
export function readMail(
  read: Read,
  site: Pick<SiteConfig, 'boardName' | 'jobsEmail'>,
  problems: string[],
): MailConfig {
  const smtpUrl = read('SMTP_URL', parseSmtpUrl, null as string | null);
  const disabled = read('MAIL_DISABLED', parseBoolean, false);
  if (disabled && smtpUrl) problems.push(MAIL_DISABLED_WITH_SMTP);
  return {
    smtpUrl,
    disabled,
    from: read('MAIL_FROM', parseMailFrom, `${site.boardName} <${site.jobsEmail}>`),
    adminEmail: read('ADMIN_EMAIL', parseEmail, site.jobsEmail),
    pollSeconds: read('MAIL_POLL_SECONDS', parseCount, 5),
    maxConnections: read('SMTP_MAX_CONNECTIONS', parseSmtpConnections, 5),
  };
}
