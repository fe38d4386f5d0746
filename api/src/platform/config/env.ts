/**
 * Reading one variable of the environment (platform/config.ts): its value checked by its parser
 * (platform/config-values.ts), or its fallback when unset, and a refused value gathered with the
 * others, quoted back unless it may hold a secret.
 */

export type Env = Record<string, string | undefined>;

/** A variable's value read by `parse`, `fallback` when it is unset or refused (then a problem). */
export type Read = <T>(name: string, parse: (raw: string) => T, fallback: T) => T;

/** A reader of `env` that adds each refused value to `problems`, in the order read. */
export function envReader(env: Env, problems: string[]): Read {
  return <T>(name: string, parse: (raw: string) => T, fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    try {
      return parse(raw.trim());
    } catch (error) {
      problems.push(`${name} ${(error as Error).message}${shownValue(name, raw)}`);
      return fallback;
    }
  };
}

/** Variables that hold a secret, or may: their values are never written anywhere. */
const SECRET_NAMES = [
  'SECRET',
  'PASSWORD',
  'SMTP_URL',
  'API_KEY',
  'TOKEN',
  'ENCRYPTION_KEY',
  // An incoming webhook's address is its own secret: whoever has it posts to the chat.
  'WEBHOOK_URL',
];

/**
 * How a refused value is quoted back, so the operator sees the typo: as it is, except secrets
 * (never) and DATABASE_URL, which may hold a password: only its scheme, host and database are
 * shown, and nothing at all when it cannot be read as a URL (a password with a `#` or `@`, say).
 */
function shownValue(name: string, raw: string): string {
  if (SECRET_NAMES.some((part) => name.includes(part))) return '';
  if (name === 'DATABASE_URL') {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url?.host) return '';
    const hidden = url.username || url.password || url.search || url.hash;
    return ` (got "${url.protocol}//${url.host}${url.pathname}"${hidden ? ', credentials and options hidden' : ''})`;
  }
  if (name === 'DATABASE_READ_URL') {
    // Each URL as DATABASE_URL's: a part that cannot be read as a URL is not quoted at all.
    const parts = raw.split(',').map((part) => part.trim());
    const hidden = parts.some((part) => {
      const url = URL.canParse(part) ? new URL(part) : null;
      return !url?.host || url.username || url.password || url.search || url.hash;
    });
    return ` (got "${parts.map(databaseUrlShown).join(',')}"${hidden ? ', credentials and options hidden' : ''})`;
  }
  return ` (got "${raw}")`;
}

/**
 * A database URL as it may be written in a log, a metric or a message: its scheme, host, port and
 * database, never its user, password or options (`postgres://replica1:5432/board`); `[hidden]`
 * when it cannot be read as a URL (a password with a `#` or `@`).
 */
export function databaseUrlShown(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url?.host) return '[hidden]';
  return `${url.protocol}//${url.host}${url.pathname}`;
}
