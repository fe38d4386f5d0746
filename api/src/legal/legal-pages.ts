import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  legalPage,
  type LegalPageSlug,
  type LegalPageView,
  type SiteConfig,
} from '@jobboard/contract/site';
import MarkdownIt from 'markdown-it';

/**
 * The settings a legal page's text may name: `{board}`, `{provider}`..., and
 * `{applicationRetentionDays}` (APPLICATION_RETENTION_DAYS), so the privacy page says how long
 * applications are kept as the board keeps them.
 */
type PageSettings = Pick<SiteConfig, 'boardName' | 'providerName' | 'contactEmail'> & {
  publicUrl: string;
  applicationRetentionDays: number;
};

/**
 * Raw HTML off (a `<script>` in a file is shown as text), links limited to markdown-it's safe
 * schemes (no `javascript:`), typographic quotes: the page is the publication's text, never code.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

interface Rendered {
  /** The file it was rendered from and that file's modification time: a change re-renders. */
  file: string;
  mtimeMs: number;
  view: LegalPageView;
}

/**
 * The publication's legal pages (docs/operations.md#the-legal-pages): each one's Markdown file in
 * PAGES_DIR when the publication put one there, else the text the board ships; rendered to HTML
 * once per change of its file (a stat per read: an edit shows at the next visit, no restart).
 */
export class LegalPages {
  private readonly rendered = new Map<LegalPageSlug, Rendered>();

  constructor(
    /** The publication's files (PAGES_DIR). */
    private readonly pagesDir: string,
    /** The starting texts (api/pages). */
    private readonly shippedDir: string,
    private readonly settings: PageSettings,
  ) {}

  /** The page, rendered. */
  async page(slug: LegalPageSlug): Promise<LegalPageView> {
    const { file, mtimeMs } = await this.source(slug);
    const known = this.rendered.get(slug);
    if (known && known.file === file && known.mtimeMs === mtimeMs) return known.view;
    const view = this.render(slug, await readFile(file, 'utf8'), mtimeMs);
    this.rendered.set(slug, { file, mtimeMs, view });
    return view;
  }

  /**
   * Which file a page comes from and when it changed: the part of a cached page's key that makes
   * an edited file show without waiting for the cache to drop it.
   */
  async stamp(slug: LegalPageSlug): Promise<string> {
    const { file, mtimeMs } = await this.source(slug);
    return `${file}@${mtimeMs}`;
  }

  private async source(slug: LegalPageSlug): Promise<{ file: string; mtimeMs: number }> {
    const own = path.join(this.pagesDir, `${slug}.md`);
    try {
      return { file: own, mtimeMs: (await stat(own)).mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const shipped = path.join(this.shippedDir, `${slug}.md`);
    return { file: shipped, mtimeMs: (await stat(shipped)).mtimeMs };
  }

  private render(slug: LegalPageSlug, text: string, updatedAt: number): LegalPageView {
    const filled = this.fill(text);
    const tokens = markdown.parse(filled, {});
    // The first level-1 heading is the page's title (the browser tab, the head): shown once, as
    // the page's own heading, so it leaves the body.
    const open = tokens.findIndex((token) => token.type === 'heading_open' && token.tag === 'h1');
    let title: string = legalPage(slug).title;
    if (open !== -1 && tokens[open + 2]?.type === 'heading_close') {
      title = tokens[open + 1]!.content.trim() || title;
      tokens.splice(open, 3);
    }
    const html = markdown.renderer.render(tokens, markdown.options, {});
    return { slug, title, html, updatedAt: Math.round(updatedAt) };
  }

  /**
   * `{board}`, `{provider}`, `{contactEmail}`, `{publicUrl}`: the site's own settings;
   * `{applicationRetentionDays}`: the days applications are kept after their listing ended.
   */
  private fill(text: string): string {
    const values: Record<string, string> = {
      board: this.settings.boardName,
      provider: this.settings.providerName,
      // An autolink: the address is a mailto: link wherever the text names it.
      contactEmail: `<${this.settings.contactEmail}>`,
      publicUrl: this.settings.publicUrl,
      applicationRetentionDays: String(this.settings.applicationRetentionDays),
    };
    return text.replace(
      /\{(board|provider|contactEmail|publicUrl|applicationRetentionDays)\}/g,
      (_, name: string) => values[name]!,
    );
  }
}
