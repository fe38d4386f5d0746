import { readFileSync } from 'node:fs';
import { ENDPOINTS, type Endpoint } from '@jobboard/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FILE, renderHttpApi } from './http-api';

describe('docs/http-api.md', () => {
  it('is what `pnpm docs:api` writes from the endpoint table (run it after changing the table)', async () => {
    expect(readFileSync(OUTPUT_FILE, 'utf8')).toBe(await renderHttpApi());
  });

  it('lists every endpoint of the table, each with its summary', async () => {
    const page = await renderHttpApi();
    for (const endpoint of Object.values(ENDPOINTS)) {
      expect(page).toContain(`### \`${endpoint.method} ${endpoint.path}\`\n\n${endpoint.summary}`);
    }
  });

  it('refuses an endpoint without a summary, or one the template has no place for', async () => {
    const template = '# API\n\n<!-- endpoints /api/jobs -->\n';
    const job: Endpoint = { ...ENDPOINTS.job };
    await expect(renderHttpApi({ job: { ...job, summary: undefined } }, template)).rejects.toThrow(
      'ENDPOINTS.job has no summary',
    );
    await expect(renderHttpApi({ site: ENDPOINTS.site }, template)).rejects.toThrow(
      'ENDPOINTS.site (/api/site) falls under no',
    );
  });

  it("places an endpoint under the template's longest path it falls under", async () => {
    const template =
      '# API\n\n## Sign-in\n\n<!-- endpoints /api/admin/login -->\n\n## Admin\n\n<!-- endpoints /api/admin -->\n';
    const page = await renderHttpApi(
      { adminJobs: ENDPOINTS.adminJobs, login: ENDPOINTS.login },
      template,
    );
    expect(page.indexOf('/api/admin/login`')).toBeLessThan(page.indexOf('## Admin'));
    expect(page.indexOf('/api/admin/jobs`')).toBeGreaterThan(page.indexOf('## Admin'));
  });

  it('shows what each endpoint takes and answers, by the contract’s names', async () => {
    const page = await renderHttpApi();
    expect(page).toContain('- Path: `id` (404 "Job not found" when `id` names nothing)');
    expect(page).toMatch(
      /- Body: `SearchRequest`: `query\?`, .*`page\?`, `pageSize\?`, `after\?` \(may be left out\)/,
    );
    expect(page).toContain(
      '- Body: `AdminLogin`: `username`, `password`; any invalid body: 400 "Please enter both username and password"',
    );
    expect(page).toContain('- Answer: 201, [`AdminJob`](#adminjob)');
    expect(page).toMatch(
      /### `GET \/api\/jobs\/recent`\n\n.*\n\n- Answer: 200, \[`JobList`\]\(#joblist\)\n/,
    );
  });

  it('gives the shape of every answer it links to, and of what those contain', async () => {
    const page = await renderHttpApi();
    const linked = new Set([...page.matchAll(/\]\(#([a-z0-9-]+)\)/g)].map((m) => m[1]));
    const headings = new Set(
      [...page.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const anchor of linked) expect(headings).toContain(anchor);
    expect(page).toContain('### `JobList`\n\nA list of [`Job`](#job).');
    expect(page).toContain('- `company`: [`Company`](#company)');
    expect(page).toContain('- `salaryMin`: a whole number or null');
    expect(page).toContain('- `status`: one of `pending`, `sent`, `failed`');
  });
});
