import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { extract } from '@extractus/feed-extractor';
import { parseJsonFeed, parseRssFeed } from 'feedsmith';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

/**
 * Independent feed readers, each reading a feed from its address on a running site as a reader
 * would (test/system/feed-readers.test.ts). None shares code with how the site writes its feeds:
 *
 * - feedsmith (npm): reads RSS 2.0 and JSON Feed 1.1 and refuses what it cannot detect or parse.
 * - feedparser (Debian's python3-feedparser, run by /usr/bin/python3): the long-standing Python
 *   reader; fetches the address itself and says what it found wrong (`bozo`). Debian's 6.0.10 reads
 *   RSS and Atom only (JSON Feed came in 6.1).
 * - @extractus/feed-extractor (npm): fetches the address itself, tells the format by the answer's
 *   content type, and shows each entry as plain text (markup removed).
 *
 * Each answers the problems it reported and the items as it shows them.
 */

export type FeedFormat = 'rss' | 'json';

export interface ReadItem {
  id?: string;
  title: string;
  link: string;
  /** The item's date as milliseconds since the epoch (NaN when the reader found none). */
  published: number;
  /** The text the reader shows for the item. */
  summary: string;
}

export interface ReadFeed {
  /** Everything the reader reported as wrong: a thrown error, bozo, a Python warning... */
  problems: string[];
  title: string;
  items: ReadItem[];
}

export interface FeedReader {
  name: string;
  formats: FeedFormat[];
  read(url: string, format: FeedFormat): Promise<ReadFeed>;
}

/** Debian's Python, where python3-feedparser is installed (a python3 on PATH may be another). */
export const DEBIAN_PYTHON = '/usr/bin/python3';
const FEEDPARSER_SCRIPT = path.join(import.meta.dirname, 'feedparser-read.py');

/** The text of an HTML fragment, as a reader that renders it shows it (parse5: the WHATWG parser). */
export function htmlAsText(html: string): string {
  const text = (node: DefaultTreeAdapterMap['node']): string =>
    'value' in node && node.nodeName === '#text'
      ? node.value
      : 'childNodes' in node
        ? node.childNodes.map(text).join('')
        : '';
  return text(parseFragment(html));
}

const failed = (error: unknown) => [`${(error as Error).name}: ${(error as Error).message}`];
const date = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

export const feedsmith: FeedReader = {
  name: 'feedsmith (npm)',
  formats: ['rss', 'json'],
  async read(url, format) {
    const res = await fetch(url);
    const problems = res.ok ? [] : [`HTTP ${res.status}`];
    const body = await res.text();
    try {
      if (format === 'rss') {
        const feed = parseRssFeed(body);
        return {
          problems,
          title: feed.title ?? '',
          items: (feed.items ?? []).map((item) => ({
            id: item.guid?.value,
            title: item.title ?? '',
            link: item.link ?? '',
            published: date(item.pubDate),
            // An RSS description holds HTML.
            summary: htmlAsText(item.description ?? ''),
          })),
        };
      }
      const feed = parseJsonFeed(body);
      return {
        problems,
        title: feed.title ?? '',
        items: (feed.items ?? []).map((item) => ({
          id: item.id,
          title: item.title ?? '',
          link: item.url ?? '',
          published: date(item.date_published),
          // JSON Feed's summary is plain text.
          summary: item.summary ?? '',
        })),
      };
    } catch (error) {
      return { problems: [...problems, ...failed(error)], title: '', items: [] };
    }
  },
};

interface FeedparserAnswer {
  status: number | null;
  contentType: string | null;
  version: string;
  bozo: boolean;
  bozoException: string | null;
  warnings: string[];
  title: string | null;
  items: {
    id: string | null;
    title: string | null;
    link: string | null;
    published: string | null;
    summary: string | null;
  }[];
}

export const feedparser: FeedReader = {
  name: "feedparser (Debian's python3-feedparser)",
  formats: ['rss'],
  async read(url) {
    const { stdout } = await promisify(execFile)(DEBIAN_PYTHON, [FEEDPARSER_SCRIPT, url], {
      encoding: 'utf8',
    });
    const answer = JSON.parse(stdout) as FeedparserAnswer;
    const problems = [
      ...(answer.status === 200 ? [] : [`HTTP ${answer.status}`]),
      ...(answer.bozo ? [`bozo: ${answer.bozoException}`] : []),
      ...answer.warnings,
      ...(answer.version === 'rss20' ? [] : [`read as '${answer.version}', not RSS 2.0`]),
    ];
    return {
      problems,
      title: answer.title ?? '',
      items: answer.items.map((item) => ({
        id: item.id ?? undefined,
        title: item.title ?? '',
        link: item.link ?? '',
        published: date(item.published),
        summary: item.summary ?? '',
      })),
    };
  },
};

export const feedExtractor: FeedReader = {
  name: '@extractus/feed-extractor (npm)',
  formats: ['rss', 'json'],
  async read(url) {
    try {
      const feed = await extract(url, { descriptionMaxLen: 0, useISODateFormat: true });
      return {
        problems: [],
        title: feed.title ?? '',
        items: (feed.entries ?? []).map((entry) => ({
          id: entry.id,
          title: entry.title ?? '',
          link: entry.link ?? '',
          published: date(entry.published),
          summary: entry.description ?? '',
        })),
      };
    } catch (error) {
      return { problems: failed(error), title: '', items: [] };
    }
  },
};

export const FEED_READERS = [feedsmith, feedparser, feedExtractor];
