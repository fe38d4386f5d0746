import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs' links go somewhere: every relative link of every Markdown file in the repository, and
 * every `docs/<page>.md#<anchor>` the code cites, names a file that exists and, for an anchor, a
 * heading of that page (GitHub's slug of it) or an `<a id>`. Renaming a heading that something
 * points at fails here, so the sections of docs/product.md the code cites stay put.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SKIPPED = new Set([
  'node_modules',
  '.git',
  'releases',
  'dist',
  'test-results',
  'playwright-report',
  'data',
]);
const CODE = /\.(?:ts|tsx|js|mjs)$/;
/**
 * The legal pages' texts (api/pages): the site's own pages, whose links are the site's addresses
 * ('/refunds'), not files of the repository.
 */
const SITE_PAGES = /^api\/pages\/[a-z-]+\.md$/;
/** A Markdown file whose links are read from another place: the template of docs/http-api.md. */
const READ_AS: Record<string, string> = {
  'tools/docs/http-api.template.md': 'docs/http-api.md',
};

function walk(dir: string, keep: (file: string) => boolean, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, keep, found);
    else if (keep(name)) found.push(full);
  }
  return found;
}

/** The text outside fenced code blocks, line by line (a link in an example is no link). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors of a Markdown file: its headings' slugs (repeats numbered) and `<a id>`s. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = readFileSync(file, 'utf8');
  for (const line of prose(text)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count ? `${base}-${count}` : base);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** What is wrong with a link to `target` from `from` (a file), or null when it is fine. */
function problemWith(from: string, target: string): string | null {
  const [file = '', anchor] = target.split('#');
  const resolved = file ? path.resolve(path.dirname(from), decodeURI(file)) : from;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor === undefined || !resolved.endsWith('.md')) return null;
  return anchorsOf(resolved).has(anchor) ? null : `${target}: no such heading`;
}

const relative = (file: string) => path.relative(ROOT, file);

describe('links between the docs', () => {
  it('every relative link of every Markdown file names a file and heading that exist', () => {
    const broken: string[] = [];
    for (const file of walk(ROOT, (name) => name.endsWith('.md'))) {
      if (SITE_PAGES.test(relative(file))) continue;
      const from = path.join(ROOT, READ_AS[relative(file)] ?? relative(file));
      for (const line of prose(readFileSync(file, 'utf8'))) {
        // Inline code is no link either.
        const text = line.replace(/`[^`]*`/g, '');
        for (const link of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
          const target = link[1]!;
          if (/^[a-z]+:/i.test(target)) continue;
          const problem = problemWith(from, target);
          if (problem) broken.push(`${relative(file)}: ${problem}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs page and section the code cites exists (docs/product.md#... included)', () => {
    const broken: string[] = [];
    const files = walk(ROOT, (name) => CODE.test(name)).filter(
      (file) => file !== fileURLToPath(import.meta.url),
    );
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const cited of text.matchAll(/(?<![\w./-])docs\/[\w./-]*\w\.md(?:#[\w-]+)?/g)) {
        const problem = problemWith(path.join(ROOT, 'README.md'), cited[0]);
        if (problem) broken.push(`${relative(file)}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('no code cites SPEC.md, which is not in the repository: docs/product.md holds the product', () => {
    const files = walk(ROOT, (name) => CODE.test(name)).filter(
      (file) => file !== fileURLToPath(import.meta.url),
    );
    const citing = files.filter((file) => readFileSync(file, 'utf8').includes('SPEC.md'));
    expect(citing.map(relative)).toEqual([]);
  });

  it("reads a heading's anchor as GitHub does", () => {
    expect(slug('Payments (Stripe)')).toBe('payments-stripe');
    expect(slug('`GET /api/jobs/:id`')).toBe('get-apijobsid');
    expect(slug('Re-sync from Airtable or a JSON feed')).toBe(
      're-sync-from-airtable-or-a-json-feed',
    );
    expect(slug("Where the spec's points are")).toBe('where-the-specs-points-are');
    expect(slug('`AdminJob`')).toBe('adminjob');
  });
});
