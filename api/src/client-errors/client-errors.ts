import {
  CLIENT_ERROR_LIMITS,
  type AdminClientErrors,
  type ClientErrorEntry,
  type ClientErrorKind,
  type ClientErrorReport,
} from '@jobboard/contract/site';

/** Where a report goes: the request's log (its id links the line to the request). */
export interface ClientErrorLog {
  warn(details: object, message: string): void;
}

/** How many reports of one kind about one app this process has taken since it started. */
export interface ClientErrorCount {
  kind: ClientErrorKind;
  app: string;
  count: number;
}

/**
 * What the browsers report about the remotes the shell loads (docs/frontend-delivery.md): one
 * warn line per report, a count per kind and app in memory, which the metrics read (`counts()`),
 * and the latest CLIENT_ERROR_LIMITS.kept reports for the admins (`forAdmins()`). Reports are free text from anyone, so the log line carries them as fields, never
 * as the message itself, and an app name only becomes a count key once it is one of the
 * contract's (the struct checked `kind`; `app` is text up to 50 characters).
 */
export class ClientErrors {
  private readonly counted = new Map<string, ClientErrorCount>();
  /** The latest reports, oldest first, at most CLIENT_ERROR_LIMITS.kept. */
  private readonly latest: ClientErrorEntry[] = [];
  private readonly since: Date;

  constructor(
    private readonly knownApps: readonly string[],
    private readonly now: () => Date = () => new Date(),
  ) {
    this.since = now();
  }

  report(report: ClientErrorReport, log: ClientErrorLog): void {
    const app = this.knownApps.includes(report.app) ? report.app : 'unknown';
    const key = `${report.kind}\u0000${app}`;
    const entry = this.counted.get(key) ?? { kind: report.kind, app, count: 0 };
    entry.count += 1;
    this.counted.set(key, entry);
    this.latest.push({
      kind: report.kind,
      app,
      version: report.version,
      message: report.message,
      receivedAt: this.now().toISOString(),
    });
    if (this.latest.length > CLIENT_ERROR_LIMITS.kept) this.latest.shift();
    log.warn({ clientError: report }, `client error: ${report.kind} (${app})`);
  }

  /** What the admins see: since when, the counts, and the latest reports, newest first. */
  forAdmins(): AdminClientErrors {
    return {
      since: this.since.toISOString(),
      counts: this.counts(),
      latest: this.latest.map((entry) => ({ ...entry })).reverse(),
    };
  }

  /** Every kind and app reported so far with its count, by kind then app. */
  counts(): ClientErrorCount[] {
    return [...this.counted.values()]
      .map((entry) => ({ ...entry }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.app.localeCompare(b.app));
  }
}
