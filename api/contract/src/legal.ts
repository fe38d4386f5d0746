import { enums, number, object, string, type Infer } from 'superstruct';

/**
 * The publication's legal pages (docs/product.md#legal-pages): written in Markdown files the
 * publication edits (docs/operations.md#the-legal-pages), served at their paths by the board and
 * linked from the footer, the submission form and the pay page. The one list of them: the API
 * reads their files by slug, the board declares their routes, the shell's footer links them.
 */
export const LEGAL_PAGES = [
  { slug: 'privacy', path: '/privacy', title: 'Privacy policy', link: 'Privacy' },
  { slug: 'terms', path: '/terms', title: 'Terms of use', link: 'Terms' },
  { slug: 'refunds', path: '/refunds', title: 'Refund policy', link: 'Refunds' },
] as const;

export type LegalPageSlug = (typeof LEGAL_PAGES)[number]['slug'];
export const LEGAL_PAGE_SLUGS = LEGAL_PAGES.map((page) => page.slug) as [
  LegalPageSlug,
  ...LegalPageSlug[],
];

/** One legal page's entry in LEGAL_PAGES. */
export function legalPage(slug: LegalPageSlug): (typeof LEGAL_PAGES)[number] {
  return LEGAL_PAGES.find((page) => page.slug === slug)!;
}

/** The legal page a path names ('/privacy'), if any. */
export function legalPageAt(pathname: string): (typeof LEGAL_PAGES)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LEGAL_PAGES.find((page) => page.path === path);
}

export const LegalPageParams = object({ slug: enums(LEGAL_PAGE_SLUGS) });

/**
 * A legal page as the API serves it: its title (the Markdown's first `# heading`, else the
 * LEGAL_PAGES title), its body as HTML rendered from the Markdown with raw HTML turned off (so
 * the file's text can never add a script), and when its file last changed (ms since epoch).
 */
export const LegalPageView = object({
  slug: enums(LEGAL_PAGE_SLUGS),
  title: string(),
  html: string(),
  updatedAt: number(),
});
export type LegalPageView = Infer<typeof LegalPageView>;

/** The links the submit area shows beside its forms (one wording, both forms). */
export const LEGAL_LINK_TEXTS = {
  submissionAgreement: 'By submitting, you agree to our',
  and: 'and',
  payRefunds: 'Payments and refunds:',
} as const;
