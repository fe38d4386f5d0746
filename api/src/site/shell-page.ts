import { jsonForScript, scriptSafeJson } from '@jobboard/contract/jobs';
import {
  AFTER_PAINT_PRELOADS_ELEMENT_ID,
  BOOT_CONFIG_ELEMENT_ID,
  assetsPath,
  matchRoute,
  type BootConfig,
  type SiteRoute,
} from '@jobboard/contract/site';
import type { Releases } from './releases';
import type { RenderedPage } from './server-render';

/**
 * The shell's page for a front-end path: its index.html with the boot configuration inlined (no
 * round trip for the site details and remote locations), the first view's data when the route has
 * some (`dataJson`, see first-view.ts), preload hints for the route's remote entry and page
 * chunks (they download in parallel with the shell instead of after it), and the first view
 * itself when the server rendered it (`rendered`, see server-render.ts), and the page's own head
 * (`head`: title, description, canonical, preview tags, JSON-LD; see page-head.ts) in place of the
 * template's title and description. Every `<`, `>` and `&` in the JSON is written as a \u escape,
 * so no value (a job's text) can end the script element; the rendered HTML is React's, which
 * escapes every text it writes.
 */
export function renderShellPage(
  html: string,
  pathname: string,
  boot: Omit<BootConfig, 'data'>,
  releases: Releases,
  head: string,
  dataJson?: string,
  rendered?: RenderedPage,
): string {
  const route = matchRoute(boot.routes, pathname);
  const config = jsonForScript(boot);
  // The first view's JSON is the API's own text: escaped the same way, not parsed again.
  const data = dataJson ? scriptSafeJson(dataJson) : undefined;
  const json = data ? `${config.slice(0, -1)},"data":${data}}` : config;
  const bootScript = `<script id="${BOOT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  // A function, so that `$` in a job's text is never read as a replacement pattern.
  const titled = html.replace(TEMPLATE_DESCRIPTION, '').replace(TEMPLATE_TITLE, () => head);
  if (!rendered) {
    const preloads = route ? preloadLinks(route, boot, releases) : [];
    return titled.replace('</head>', `${bootScript}${preloads.join('')}</head>`);
  }
  // The first view is in the HTML: nothing is preloaded while it is parsed. Two dozen scripts
  // arriving and compiling while the HTML is parsed held its first paint back by a few hundred
  // milliseconds on a 2-core machine. The hints (the shell's own, written into its page at build
  // time, and the route's remote's) wait in an inert <template> that the shell's entry script
  // moves into the head as it starts: everything then downloads at once, while the entry
  // evaluates its modules one task at a time (shell/src/bootstrap.ts). The page shows its content
  // without JavaScript: no "needs JavaScript" notice either. A function, so that `$` in the HTML
  // is never read as a replacement pattern.
  const later = [
    ...(titled.match(PRELOADS) ?? []),
    ...(route ? preloadLinks(route, boot, releases) : []),
  ];
  const template = later.length
    ? `<template id="${AFTER_PAINT_PRELOADS_ELEMENT_ID}">${[...new Set(later)].join('')}</template>`
    : '';
  return titled
    .replace(PRELOADS, '')
    .replace('</head>', () => `${rendered.styles}${bootScript}${template}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(ROOT, () => `<div id="root">${rendered.html}</div>`);
}

/** The template's own title and description (shell/src/index.html), replaced by the page's head. */
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const TEMPLATE_DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/** Preload hints, as the shell's build and preloadLinks write them. */
const PRELOADS = /<link rel="preload"[^>]*>/g;

/** The element the shell's page template leaves empty for the app (shell/src/index.html). */
const ROOT = '<div id="root"></div>';

/**
 * The route's remote as the shell will load it: the release.json files its check reads (the live
 * build's, and the picked one's when the live one does not fit), then the picked build's manifest,
 * entry and page chunks (releases.ts picks it as the shell will).
 */
function preloadLinks(
  route: SiteRoute,
  boot: Omit<BootConfig, 'data'>,
  releases: Releases,
): string[] {
  const remote = boot.remotes[route.remote];
  if (!remote) return [];
  const served = [remote, ...(remote.fallbacks ?? [])].find(
    (build) => build.version === (remote.picked === undefined ? remote.version : remote.picked),
  );
  const checked = [remote, ...(served && served !== remote ? [served] : [])];
  const releaseLinks = checked
    .filter((build) => build.release)
    .map((build) => `<link rel="preload" as="fetch" crossorigin href="${build.release}">`);
  const manifest = served && releases.manifest(route.remote);
  if (!served || !manifest) return releaseLinks;
  const base = assetsPath(route.remote, served.version);
  const entry = manifest.metaData.remoteEntry;
  const chunks = manifest.exposes.find((e) => e.path === route.module)?.assets.js.sync ?? [];
  const pinned = served.integrity !== undefined;
  return [
    ...releaseLinks,
    `<link rel="preload" as="fetch" crossorigin href="${served.entry}">`,
    scriptPreload(
      `${base}${entry.path ? `${entry.path}/` : ''}${entry.name}`,
      pinned,
      served.integrity,
    ),
    ...chunks.map((file) =>
      scriptPreload(
        `${base}${file}`,
        pinned,
        pinned ? releases.fileIntegrity(route.remote, served.version, file) : undefined,
      ),
    ),
  ];
}

/**
 * The hint for a script of a remote. A pinned build's are loaded in CORS mode and checked against
 * their hashes (shell/src/federation/integrity.ts: the entry's, recorded at promote; each chunk's,
 * in the entry, which loads them), and the hint asks for them the same way (`crossorigin`, the
 * file's hash), or the browser could not use what it preloaded and would fetch each file twice.
 */
function scriptPreload(href: string, pinned: boolean, integrity?: string | null): string {
  if (!pinned) return `<link rel="preload" as="script" href="${href}">`;
  const hash = integrity ? ` integrity="${integrity}"` : '';
  return `<link rel="preload" as="script" crossorigin${hash} href="${href}">`;
}
