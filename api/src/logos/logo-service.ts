import type { FastifyBaseLogger } from 'fastify';
import type { Companies } from '../jobs/companies';
import { fetchLogo, LogoRefused, type LogoFetchOptions } from './logo-fetch';
import { reencodeLogo } from './logo-image';
import type { LogosRepository } from './logos-repository';

/** Companies taken per query while fetching. */
const BATCH = 50;

/** What a fetch run did. */
export interface LogoRunReport {
  stored: number;
  failed: number;
}

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
  ) {}

  /** Fetch every logo waiting to be fetched; `retryFailed` first forgets earlier failures. */
  async run(options: { retryFailed?: boolean } = {}): Promise<LogoRunReport> {
    if (options.retryFailed) await this.companies.forgetLogoFailures();
    const report: LogoRunReport = { stored: 0, failed: 0 };
    let afterId = 0;
    for (;;) {
      const batch = await this.companies.logosToFetch(BATCH, afterId);
      if (!batch.length) return report;
      for (const company of batch) {
        afterId = company.id;
        if (await this.fetchOne(company.id, company.logoUrl)) report.stored++;
        else report.failed++;
      }
    }
  }

  private async fetchOne(companyId: number, logoUrl: string): Promise<boolean> {
    try {
      const image = await reencodeLogo(await fetchLogo(logoUrl, this.options));
      await this.logos.store(image, logoUrl, this.now());
      await this.companies.setLogo(companyId, logoUrl, image.hash);
      return true;
    } catch (error) {
      const reason = error instanceof LogoRefused ? error.message : String(error);
      this.log.warn({ companyId, logoUrl, reason }, 'company logo not taken: none is shown');
      await this.companies.logoFailed(companyId, logoUrl);
      return false;
    }
  }
}
