import {
  ConfigError,
  databaseUrlShown,
  loadConfig,
  type CodeLayout,
  type Config,
} from '../platform/config';
import type { Env } from '../platform/config/env';

/**
 * `jobboard config check` (issue 46): the environment read as the server reads it at start
 * (platform/config.ts, the one checker), every problem printed at once, exit status 1 if there is
 * any. Nothing here prints a secret's value: a refused value is quoted only when it may not hold
 * one (platform/config/env.ts), and a secret that is fine is shown as "set" or "not set".
 */

export interface CheckResult {
  code: 0 | 1;
  lines: string[];
}

const setOrNot = (value: unknown) => (value ? 'set' : 'not set');

/** What a configuration that loads comes to, in lines an operator checks against their intent. */
function summary(config: Config): string[] {
  const database =
    config.database.client === 'sqlite'
      ? `SQLite ${config.database.filename}`
      : `PostgreSQL ${databaseUrlShown(config.database.connectionString)}`;
  const mail = config.mail.smtpUrl
    ? `SMTP_URL set, from ${config.mail.from}`
    : config.mail.disabled
      ? 'off (MAIL_DISABLED=true): e-mails wait in the outbox'
      : 'SMTP_URL not set: e-mails wait in the outbox';
  const stripe = config.stripe
    ? `STRIPE_SECRET_KEY set, STRIPE_WEBHOOK_SECRET ${setOrNot(config.stripe.webhookSecret)}`
    : 'not set (payments are marked by hand)';
  return [
    `  Database:     ${database}${config.readReplicas ? `, ${config.readReplicas.urls.length} read replica(s)` : ''}`,
    `  Listens on:   ${config.host}:${config.port}${config.hostForProxy ? ' (TRUST_PROXY set, HOST unset)' : ''}`,
    `  TRUST_PROXY:  ${config.trustProxy ? config.trustProxy.join(', ') : 'none'}`,
    `  PUBLIC_URL:   ${config.publicUrl}`,
    `  DATA_DIR:     ${config.dataDir}`,
    `  E-mail:       ${mail}`,
    `  Stripe:       ${stripe}`,
    `  Ghost:        ${config.ghost ? config.ghost.url : 'not set'}`,
    `  Secrets:      SESSION_SECRET ${config.sessionSecretGenerated ? 'not set' : 'set'}, ` +
      `TOTP_ENCRYPTION_KEY ${config.totpEncryption.developmentKey ? 'not set' : 'set'}, ` +
      `HUMAN_PROOF_SECRET ${config.humanProof.developmentKey ? 'not set' : 'set'}, ` +
      `METRICS_TOKEN ${setOrNot(config.metrics.token)}`,
  ];
}

/** Checks `env` as the server would start with it. */
export function configCheck(env: Env = process.env, layout?: CodeLayout): CheckResult {
  const production = env.NODE_ENV === 'production';
  const mode = production
    ? 'production (NODE_ENV=production)'
    : `not production (NODE_ENV=${env.NODE_ENV ?? 'unset'}): what only production requires was not checked`;
  try {
    const config = loadConfig(env, layout);
    return { code: 0, lines: [`Configuration OK, ${mode}.`, ...summary(config)] };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const count = error.problems.length;
    return {
      code: 1,
      lines: [
        `Configuration refused, ${mode}: ${count} problem${count === 1 ? '' : 's'}.`,
        ...error.problems.map((problem) => `  - ${problem}`),
      ],
    };
  }
}
