import { ConfigError, loadConfig } from '../../src/platform/config';

/** What the configuration refuses of `env`, in the operator's words (none: it loads). */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/**
 * An environment production starts with: every setting it requires (platform/config/production.ts),
 * mail through an SMTP server at a real-looking sender (.test: reserved for tests, not a placeholder).
 */
export const PRODUCTION_READY = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-32-characters-at-least',
  TOTP_ENCRYPTION_KEY: 'ahB/TQzvlVE52nfjOQWk7jkwM/IAUipssMvCRe2HVII=',
  HUMAN_PROOF_SECRET: 'a-human-proof-secret-of-32-characters-at-least',
  PUBLIC_URL: 'http://jobs.example.org',
  SMTP_URL: 'smtps://mailer:an-smtp-password@smtp.board.test:465',
  MAIL_FROM: 'Jobs Board <jobs@board.test>',
} as const;
