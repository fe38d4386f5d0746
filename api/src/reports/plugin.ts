import fp from 'fastify-plugin';
import { databaseLimiter } from '../platform/plugins/rate-limit';
import { ReportReview } from './report-review';
import { ReporterData } from './reporter-data';
import { reporterKey } from './reporter-key';
import { ReportsRepository } from './reports-repository';
import { ListingReports, type ReportsDeps } from './reports-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Visitors' reports of live listings (reports-service.ts). */
    listingReports: ListingReports;
    /** The admins' queue of reported listings and its decisions (report-review.ts). */
    reportReview: ReportReview;
    /** A reporter's address in that address's data export and deletion (reporter-data.ts). */
    reporterData: ReporterData;
  }
}

/**
 * Reports of listings (issue 45, docs/product.md#reports): a visitor reports a live listing from
 * its page; enough independent reports take it off the board until an admin decides from the
 * queue (/admin/reports), and each reporter who left an address is told the outcome.
 */
export default fp(
  async (app) => {
    const perListing = app.config.rateLimits.reportsPerListing;
    const deps: ReportsDeps = {
      db: app.db,
      reports: new ReportsRepository(),
      jobs: app.jobs,
      listings: app.liveListings,
      settings: app.settings,
      reporterKey: reporterKey(app.config.sessionSecret),
    };
    const listingReports = new ListingReports({
      ...deps,
      perListing: databaseLimiter(app.db, app.dialect, {
        keyPrefix: 'reports-listing',
        points: perListing.max,
        durationSeconds: perListing.windowMinutes * 60,
      }),
    });
    app.decorate('listingReports', listingReports);
    // A lowered threshold takes effect at once, in the transaction that saves it.
    app.settings.onChange(async (trx, change) => {
      await listingReports.thresholdChanged(trx, change);
    });
    app.decorate(
      'reportReview',
      new ReportReview({
        ...deps,
        outbox: app.outbox,
        site: { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
      }),
    );
    app.decorate('reporterData', new ReporterData(deps));
  },
  {
    name: 'reports',
    dependencies: ['config', 'db', 'schema', 'jobs', 'mail', 'settings'],
  },
);
