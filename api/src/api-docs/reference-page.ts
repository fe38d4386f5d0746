/** Where the reference page is served, and its script (routes/api/docs.ts). */
export const REFERENCE_PAGE_PATH = '/api/docs';
export const REFERENCE_SCRIPT_PATH = '/api/docs/redoc.standalone.js';

/**
 * The reference page's Content-Security-Policy: what Redoc's standalone bundle needs, checked in
 * Chromium (test/api-docs/reference-page.test.ts), and nothing more. No 'unsafe-eval' and no
 * inline script: the bundle runs from our origin and starts itself from the page's <redoc>
 * element. Its styles are written at run time (styled-components: 'unsafe-inline' styles), it
 * reads the document from our origin (connect-src), and its search runs in a worker it makes from
 * a blob. Its one outside address, the Redocly logo on its CDN, is refused here (and hidden by
 * Redoc when it does not load): no visitor's address reaches a third party.
 */
export const REFERENCE_PAGE_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ['blob:'],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: Redoc's element naming the document, and its script. */
export function referencePage(boardName: string, documentPath: string): string {
  const title = escapeHtml(`${boardName} API reference`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="${escapeHtml(documentPath)}" path-in-middle-panel="true"></redoc>
<script src="${REFERENCE_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
