import { describe, expect, it } from 'vitest';
import { publicApplyMethod } from '../applications';
import { jobApplicationPath, jobApplyMethod } from '../applying';

describe('how a job of an API answer takes applications (issue 42)', () => {
  it('is its apply.method when the answer has one', () => {
    expect(jobApplyMethod({ apply: { method: 'board' } })).toBe('board');
    expect(jobApplyMethod({ apply: { method: 'none' }, applicationUrl: 'https://x.org' })).toBe(
      'none',
    );
    expect(jobApplyMethod({ apply: { method: 'link' }, applicationUrl: 'https://x.org' })).toBe(
      'link',
    );
  });

  it("is, for an answer from before apply, publicApplyMethod's rule for a job without a method", () => {
    for (const applicationUrl of ['https://x.org/a', 'http://x.org', 'javascript:alert(1)', '']) {
      expect(jobApplyMethod({ applicationUrl })).toBe(
        publicApplyMethod({ applyMethod: null, applicationUrl, applicationEmail: null }),
      );
    }
    expect(jobApplyMethod({ applicationUrl: 'https://x.org/a' })).toBe('link');
    expect(jobApplyMethod({ applicationUrl: 'mailto:jobs@x.org' })).toBe('none');
    expect(jobApplyMethod({})).toBe('none');
  });

  it('names the server-drawn form of a job', () => {
    expect(jobApplicationPath('42')).toBe('/jobs/42/application');
    expect(jobApplicationPath(7)).toBe('/jobs/7/application');
  });
});
