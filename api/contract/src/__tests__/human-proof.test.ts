import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import * as ENDPOINTS from '../endpoints';
import { HUMAN_PROOF_SINCE } from '../human-proof';

const contract = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('the spam check in the endpoint table (issue 45)', () => {
  it('marks the five public forms that store what a stranger types or e-mail an address typed in them', () => {
    const marked = Object.entries(ENDPOINTS)
      .filter(([, endpoint]) => 'humanProof' in endpoint)
      .map(([name, endpoint]) => `${name}: ${(endpoint as { humanProof: string }).humanProof}`);
    expect(marked.sort()).toEqual([
      'applyToJob: handler',
      'employerSignInLink: body',
      'reportListing: body',
      'submitJob: body',
      'subscribeAlert: body',
    ]);
  });

  it('names a contract version no later than this one as the first whose front ends send the proof', () => {
    expect(semver.valid(HUMAN_PROOF_SINCE)).toBe(HUMAN_PROOF_SINCE);
    expect(semver.lte(HUMAN_PROOF_SINCE, contract.version)).toBe(true);
  });
});
