import nodemailer, { type Transporter } from 'nodemailer';

/**
 * The SMTP transport the outbox sends through (mail/plugin.ts; the bench's e-mail figure).
 * Pooled by default: messages reuse up to `maxConnections` open connections (SMTP_MAX_CONNECTIONS)
 * instead of a connect, greeting and EHLO each; `pool: false` is the bench's comparison only.
 * Close it on shutdown (`transport.close()`).
 */
export function createMailTransport(options: {
  smtpUrl: string;
  maxConnections: number;
  pool?: boolean;
}): Transporter {
  const pool = options.pool ?? true;
  return nodemailer.createTransport({
    url: options.smtpUrl,
    ...(pool ? { pool: true, maxConnections: options.maxConnections } : {}),
    // Fail fast when the server is down: the outbox retries later anyway.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
