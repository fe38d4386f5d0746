import fp from 'fastify-plugin';
import { SHIPPED_PAGES_DIR } from '../platform/layout';
import { LegalPages } from './legal-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The privacy, terms and refund pages, from the publication's Markdown files. */
    legalPages: LegalPages;
  }
}

/** The legal pages (docs/product.md#legal-pages): the API's answer and the site's first view. */
export default fp(
  async (app) => {
    const { site, publicUrl, pagesDir, retention } = app.config;
    app.decorate(
      'legalPages',
      new LegalPages(pagesDir, SHIPPED_PAGES_DIR, {
        ...site,
        publicUrl,
        applicationRetentionDays: retention.applicationDays,
      }),
    );
  },
  { name: 'legal', dependencies: ['config'] },
);
