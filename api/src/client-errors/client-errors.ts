import type { ClientErrorKind, ClientErrorReport } from '@jobboard/contract/site';

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
 * warn line per report, and a count per kind and app in memory, which the metrics will read
 * (`counts()`). Reports are free text from anyone, so the log line carries them as fields, never
 * as the message itself, and an app name only becomes a count key once it is one of the
 * contract's (the struct checked `kind`; `app` is text up to 50 characters).
 */
export class ClientErrors {
  private readonly counted = new Map<string, ClientErrorCount>();

  constructor(private readonly knownApps: readonly string[]) {}

  report(report: ClientErrorReport, log: ClientErrorLog): void {
    const app = this.knownApps.includes(report.app) ? report.app : 'unknown';
    const key = `${report.kind}\u0000${app}`;
    const entry = this.counted.get(key) ?? { kind: report.kind, app, count: 0 };
    entry.count += 1;
    this.counted.set(key, entry);
    log.warn({ clientError: report }, `client error: ${report.kind} (${app})`);
  }

  /** Every kind and app reported so far with its count, by kind then app. */
  counts(): ClientErrorCount[] {
    return [...this.counted.values()]
      .map((entry) => ({ ...entry }))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.app.localeCompare(b.app));
  }
}
