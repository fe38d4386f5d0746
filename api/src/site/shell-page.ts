import {
  BOOT_CONFIG_ELEMENT_ID,
  matchFrontendRoute,
  type BootConfig,
  type FrontendRoute,
} from '@jobboard/contract';
import { folderOf, type Releases } from './releases';

/**
 * The shell's page for a front-end path: its index.html with the boot configuration inlined (no
 * round trip for the site details and remote locations), the first view's data when the route has
 * some (`dataJson`, see first-view.ts), and preload hints for the route's remote entry and page
 * chunks (they download in parallel with the shell instead of after it). Every `<` in the JSON is
 * written `\u003c`, so no value (a job's text) can end the script element.
 */
export function renderShellPage(
  html: string,
  pathname: string,
  boot: Omit<BootConfig, 'data'>,
  releases: Releases,
  dataJson?: string,
): string {
  const route = matchFrontendRoute(pathname);
  const config = JSON.stringify(boot);
  const withData = dataJson ? `${config.slice(0, -1)},"data":${dataJson}}` : config;
  const json = withData.replace(/</g, '\\u003c');
  const head = [
    `<script id="${BOOT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`,
    ...(route ? preloadLinks(route, releases) : []),
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(boot.site.boardName)}</title>`)
    .replace('</head>', `${head}</head>`);
}

function preloadLinks(route: FrontendRoute, releases: Releases): string[] {
  const remote = releases.remotes()[route.remote];
  const manifest = releases.manifest(route.remote);
  if (!remote || !manifest) return [];
  const base = `/assets/${folderOf(route.remote)}/${remote.version}/`;
  const entry = manifest.metaData.remoteEntry;
  const scripts = [
    `${entry.path ? `${entry.path}/` : ''}${entry.name}`,
    ...(manifest.exposes.find((e) => e.path === route.module)?.assets.js.sync ?? []),
  ];
  return [
    `<link rel="preload" as="fetch" crossorigin href="${remote.entry}">`,
    ...scripts.map((file) => `<link rel="preload" as="script" href="${base}${file}">`),
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
