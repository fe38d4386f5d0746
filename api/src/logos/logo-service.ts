import type { FastifyBaseLogger } from 'fastify';
import type { Companies } from '../jobs';
import { fetchLogo, LogoRefused, type LogoFetchOptions } from './logo-fetch';
import type { StoredLogoImage } from './logo-image';
import type { LogosRepository } from './logos-repository';

/** Companies taken per query while fetching. */
const BATCH = 50;

/** What a fetch run did. */
export interface LogoRunReport {
  stored: number;
  failed: number;
  /** The first REPORTED_REFUSALS logos not taken, with why (the command prints them). */
  refusals: { logoUrl: string; reason: string }[];
}

/** Most refusals a run's report names (each is logged anyway). */
export const REPORTED_REFUSALS = 20;

/**
 * Company logos, fetched once and served from the board's own origin (issue 26): every company with
 * a logo address and no stored logo has it downloaded (logo-fetch.ts: https, public addresses, a
 * size cap and a timeout), re-encoded (logo-image.ts) and stored (`logos`), and then points at it.
 * A logo that cannot be taken is logged once, and the company shows none until a sync or an edit
 * gives its address again. Runs in the background after job changes (never on a visitor's request)
 * and from `jobboard logos fetch`.
 */
export class LogoService {
  constructor(
    private readonly companies: Pick<
      Companies,
      'logosToFetch' | 'setLogo' | 'logoFailed' | 'forgetLogoFailures'
    >,
    private readonly logos: LogosRepository,
    private readonly options: LogoFetchOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly now: () => Date,
    /** logo-image.ts's reencodeLogo, in its turn among the process's decodes (logo-decodes.ts). */
    private readonly reencode: (bytes: Buffer) => Promise<StoredLogoImage>,
  ) {}

  /** Fetch every logo waiting to be fetched; `retryFailed` first forgets earlier failures. */
  async run(options: { retryFailed?: boolean } = {}): Promise<LogoRunReport> {
    if (options.retryFailed) await this.companies.forgetLogoFailures();
    const report: LogoRunReport = { stored: 0, failed: 0, refusals: [] };
    let afterId = 0;
    for (;;) {
      const batch = await this.companies.logosToFetch(BATCH, afterId);
      if (!batch.length) return report;
      for (const company of batch) {
        afterId = company.id;
        const refusal = await this.fetchOne(company.id, company.logoUrl);
        if (refusal === null) {
          report.stored++;
          continue;
        }
        report.failed++;
        if (report.refusals.length < REPORTED_REFUSALS) {
          report.refusals.push({ logoUrl: company.logoUrl, reason: refusal });
        }
      }
    }
  }

  /** Fetch, store and point the company at one logo: null when done, else why not. */
  private async fetchOne(companyId: number, logoUrl: string): Promise<string | null> {
    try {
      const image = await this.reencode(await fetchLogo(logoUrl, this.options));
      await this.logos.store(image, logoUrl, this.now());
      await this.companies.setLogo(companyId, logoUrl, image.hash);
      return null;
    } catch (error) {
      const reason = error instanceof LogoRefused ? error.message : String(error);
      this.log.warn({ companyId, logoUrl, reason }, 'company logo not taken: none is shown');
      await this.companies.logoFailed(companyId, logoUrl);
      return reason;
    }
  }
}
