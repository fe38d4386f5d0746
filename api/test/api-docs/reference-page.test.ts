import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PAGE_SCRIPT } from '../../src/platform/layout';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The API's reference page (issue 46): Redoc's standalone bundle draws the OpenAPI document in
 * the browser, both served by the API from its own origin, under a Content-Security-Policy of the
 * page's own. That Redoc draws it under that policy is shown in Chromium by
 * test/system/reference-page-browser.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BOARD_NAME: 'Good Jobs' } });
});
afterAll(() => t.close());

/** A Content-Security-Policy header as its directives. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe(`the API reference page (/api/docs) on ${testDatabase}`, () => {
  it("is a page naming the document and Redoc's script, both on our origin", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Good Jobs API reference</title>');
    expect(res.body).toContain('<redoc spec-url="/api/openapi.json"');
    expect(res.body).toContain('<script src="/api/docs/redoc.standalone.js"></script>');
    // No script of its own in the page, no address of another site.
    expect(res.body).not.toMatch(/<script>|<script [^s]/);
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('has a Content-Security-Policy of its own, as narrow as Redoc allows: no eval, no inline script, no other origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(directives(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ['blob:'],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The site's pages keep theirs.
    const site = await t.app.inject({ method: 'GET', url: '/api/jobs' });
    expect(site.headers['content-security-policy']).not.toContain('worker-src');
  });

  it('serves the Redoc bundle itself, compressed once and revalidated by its ETag', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/redoc.standalone.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.rawPayload.equals(readFileSync(REFERENCE_PAGE_SCRIPT))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/docs/redoc.standalone.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/api/docs/redoc.standalone.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(res.rawPayload.length / 3);
  });
});
