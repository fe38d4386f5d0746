import { ConfigError, loadConfig } from '../../src/platform/config';

/** What the configuration refuses of `env`, in the operator's words (none: it loads). */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
