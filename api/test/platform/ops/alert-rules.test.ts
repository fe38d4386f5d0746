import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DIR } from '../../support/paths';

/**
 * docs/deploy/alerts.yml (issue 46): valid Prometheus rules (`promtool check rules`), and each
 * alert fires on the series that should fire it (`promtool test rules`, docs/deploy/alerts.test.yml).
 * promtool is Debian's `prometheus` package (.ci/run installs it): without it this test fails.
 */

const DEPLOY_DIR = path.join(API_DIR, '..', 'docs', 'deploy');

function promtool(args: string[]) {
  const result = spawnSync('promtool', args, {
    cwd: DEPLOY_DIR,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'promtool is not installed: apt-get install prometheus (Debian), as .ci/run does',
    );
  }
  return result;
}

describe('the Prometheus alert rules of docs/deploy', () => {
  it('are valid rules (promtool check rules)', () => {
    const check = promtool(['check', 'rules', 'alerts.yml']);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('SUCCESS: 6 rules found');
  });

  it('fire on the series that should fire them (promtool test rules)', () => {
    const test = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout).toContain('SUCCESS');
  });
});
